import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplicationIdParams,
  ApplyToCareRequest,
  BookedApplication,
  CareRequestIdParam,
  CareRequestList,
  CareRequestView,
  CreateCareRequest,
  CreatedCareRequest,
  ShortlistPick,
  ShortlistQueue,
} from '../../../shared/contracts/care-requests';
import { errorResponses } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';

const tags = ['care-requests'];
const ShortlistPicked = z.object({ requestId: z.number().int(), caregiverIds: z.array(z.number().int()) });

/** Care requests (issue 21, ADR 0038): families post, fitting caregivers apply, families book one. */
export async function careRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.careRequests;

  r.post(
    '/api/care-requests',
    {
      config: { access: ['family'] },
      schema: {
        tags,
        summary:
          'Post a care request (families): open for 14 days to caregivers of that kind in that parish whose weekly availability covers its days; they are notified. Phone numbers, e-mails and WhatsApp links in the text are masked. At most 5 a day',
        body: CreateCareRequest,
        response: { 201: CreatedCareRequest, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/care-requests',
    {
      config: { access: ['family', 'caregiver'] },
      schema: {
        tags,
        summary:
          'Families: their own requests with applicant counts. Caregivers: open requests that fit them (kind, parish, days; none from a family that blocked them), without the family’s surname',
        response: { 200: CareRequestList, ...errorResponses(401, 403) },
      },
    },
    async (req) => service.list(currentUser(req)),
  );

  r.get(
    '/api/care-requests/:id',
    {
      config: { access: ['family', 'caregiver'] },
      schema: {
        tags,
        summary:
          'One request: its family sees the applicants side by side (rate, reliability, reviews, verification, distance) and any team shortlist; a fitting caregiver (or one who applied) sees it without the family’s surname; anyone else 404',
        params: CareRequestIdParam,
        response: { 200: CareRequestView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  r.post(
    '/api/care-requests/:id/applications',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags,
        summary:
          'Apply to a request that fits you, once, with a message (contact details masked) and your hourly rate in JMD. 404 when it does not fit you, 409 when already applied or closed; at most 20 an hour',
        params: CareRequestIdParam,
        body: ApplyToCareRequest,
        response: { 201: CreatedCareRequest, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.apply(currentUser(req), req.params.id, req.body)),
  );

  r.post(
    '/api/care-requests/:id/applications/:appId/book',
    {
      config: { access: ['family'] },
      schema: {
        tags,
        summary:
          'Book an applicant in one step (the request’s family only): a booking request at the applicant’s rate through the usual booking rules (no double booking; 409 BOOKING_OVERLAP); the request is filled and the other applicants are told',
        params: ApplicationIdParams,
        response: { 200: BookedApplication, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.book(currentUser(req), req.params.id, req.params.appId),
  );

  r.post(
    '/api/care-requests/:id/withdraw',
    {
      config: { access: ['family'] },
      schema: {
        tags,
        summary: 'Withdraw an open request (its family only); applicants are told',
        params: CareRequestIdParam,
        response: { 200: CareRequestView, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.withdraw(currentUser(req), req.params.id),
  );

  r.post(
    '/api/care-requests/:id/shortlist-request',
    {
      config: { access: ['family'] },
      schema: {
        tags,
        summary:
          'Ask the YaadCare team for a shortlist of up to three caregivers (Premium plan; 403 with an upgrade message otherwise)',
        params: CareRequestIdParam,
        response: { 200: CareRequestView, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.requestShortlist(currentUser(req), req.params.id),
  );

  r.get(
    '/api/admin/shortlists',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Admins: care requests waiting for a team shortlist, oldest first',
        response: { 200: ShortlistQueue, ...errorResponses(401, 403) },
      },
    },
    async () => service.shortlistQueue(),
  );

  r.post(
    '/api/admin/shortlists/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins: send the team’s picks (1–3 listed caregivers) and a note for a care request; the family is told',
        params: CareRequestIdParam,
        body: ShortlistPick,
        response: { 200: ShortlistPicked, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.pickShortlist(currentUser(req), req.params.id, req.body),
  );
}
