import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaregiverIdParam,
  CaregiverProfile,
  CaregiverSearchQuery,
  CaregiverUserIdParam,
  KindCounts,
  ParishCounts,
  ParishCountsQuery,
  PublicCaregiver,
  SEARCH_TEXT_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
} from '../../../shared/contracts/caregivers';
import { ErrorResponse } from '../../../shared/contracts/common';
import { getWithSpecAlias } from '../../plugins/openapi';

/** What any visitor reads of caregivers: search, counts and public profiles. */
export async function caregiverDirectoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.caregiverDirectory;

  r.get(
    '/api/caregivers/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['caregivers'],
        summary: 'Search listed caregivers (every filter optional); total in X-Total-Count',
        description:
          `One page of caregivers. X-Total-Count is the number of matches, exact up to ${SEARCH_TOTAL_CAP} ` +
          `(${SEARCH_TEXT_TOTAL_CAP} with q) or to the end of the requested page; beyond that ` +
          'X-Total-Count-Exact is false and X-Total-Count is that lower bound.',
        querystring: CaregiverSearchQuery,
        response: { 200: z.array(PublicCaregiver), 400: ErrorResponse },
      },
    },
    async (req, reply) => {
      const result = await service.search(req.query);
      reply.header('x-total-count', String(result.total));
      reply.header('x-total-count-exact', String(result.exact));
      // Already JSON (spliced from the database's rendering, see search-page.ts): Fastify sends a buffer
      // as it is, without the response schema's serializer; a buffer is encoded once, where a string is
      // measured twice (compression, Content-Length) and encoded again on the socket.
      reply.type('application/json; charset=utf-8');
      return reply.send(Buffer.from(result.json) as unknown as PublicCaregiver[]);
    },
  );

  r.get(
    '/api/caregivers/kinds',
    {
      config: { access: 'public' },
      schema: {
        tags: ['caregivers'],
        summary: 'Listed caregivers per kind: all 8 kinds in catalog order, 0 included',
        response: { 200: KindCounts },
      },
    },
    async () => service.kindCounts(),
  );

  r.get(
    '/api/caregivers/parish-counts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['caregivers'],
        summary: 'Listed caregivers per parish for the search filters (all but parish): all 14, 0 included',
        querystring: ParishCountsQuery,
        response: { 200: ParishCounts, 400: ErrorResponse },
      },
    },
    async (req) => service.parishCounts(req.query),
  );

  // The spec's path, served as it is but left out of the OpenAPI document: beside /api/caregivers/{id}/views
  // its template is ambiguous, so the document names the alias instead (ADR 0019).
  getWithSpecAlias(
    r,
    { documented: '/api/users/:userId/caregiver-profile', spec: '/api/caregivers/user/:userId' },
    {
      config: { access: 'public' },
      schema: {
        tags: ['caregivers'],
        summary: "A user's caregiver profile; 404 means they have none (or it is hidden)",
        params: CaregiverUserIdParam,
        response: { 200: CaregiverProfile, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => service.profile({ userId: req.params.userId }, req.user),
  );

  r.get(
    '/api/caregivers/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['caregivers'],
        summary: 'A caregiver profile: nested user and the flat fields of the booking confirmation',
        params: CaregiverIdParam,
        response: { 200: CaregiverProfile, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => service.profile({ id: req.params.id }, req.user),
  );
}
