import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingView } from '../../../shared/contracts/bookings';
import { CaregiverIdParam } from '../../../shared/contracts/caregivers';
import { ErrorResponse } from '../../../shared/contracts/common';
import {
  FavouriteCaregiver,
  FavouriteState,
  ProfileViewResponse,
  RebookOptions,
  RebookRequest,
} from '../../../shared/contracts/favourites';
import { currentUser } from '../../plugins/auth';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
export const VISITOR_COOKIE = 'yc_vid';

/** Favourites (families' hearts) and profile views (counted once per visitor per Jamaican day). */
export async function favouriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.favourites;

  r.get(
    '/api/favourites',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['favourites'],
        summary: "The signed-in family's favourite caregivers, newest first",
        response: { 200: z.array(FavouriteCaregiver), ...errors },
      },
    },
    async (req) => service.list(currentUser(req).id),
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    r.route({
      method,
      url: '/api/favourites/:id',
      config: { access: ['family'] },
      schema: {
        tags: ['favourites'],
        summary:
          method === 'PUT'
            ? 'Add a caregiver to the favourites (idempotent)'
            : 'Remove a caregiver from the favourites (idempotent)',
        params: CaregiverIdParam,
        response: { 200: FavouriteState, ...errors },
      },
      handler: async (req) => service.set(currentUser(req), req.params.id, method === 'PUT'),
    });
  }

  // One-tap rebook (a Family Plan feature): what would be repeated, and the repeat on a new date.
  r.get(
    '/api/favourites/:id/rebook',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['favourites'],
        summary:
          "Whether the family's plan includes one-tap rebooking, and the last booking with this caregiver it would repeat",
        params: CaregiverIdParam,
        response: { 200: RebookOptions, ...errors },
      },
    },
    async (req) => app.services.rebook.options(currentUser(req), req.params.id),
  );

  r.post(
    '/api/favourites/:id/rebook',
    {
      config: { access: ['family'] },
      // The plan is checked before the body is read: a family without it gets 403 PLAN_REQUIRED.
      onRequest: async (req) => {
        // Signed out or not a family: the access rule answers (401/403) instead.
        if (req.user?.userType === 'family') await app.services.rebook.assertAllowed(req.user);
      },
      schema: {
        tags: ['favourites'],
        summary:
          'Book a caregiver again: the last confirmed or completed booking with them (start, length, notes) on a new date',
        description:
          'A Family Plan feature. The request goes to the caregiver like any booking request (pending until they accept).',
        params: CaregiverIdParam,
        body: RebookRequest,
        response: { 201: BookingView, 409: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const view = await app.services.rebook.rebook(currentUser(req), req.params.id, req.body);
      return reply.code(201).send(view);
    },
  );

  r.post(
    '/api/caregivers/:id/views',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['favourites'],
        summary:
          "Count a view of a caregiver's profile: once per visitor per day; the owner's own views do not count",
        params: CaregiverIdParam,
        response: { 200: ProfileViewResponse, ...errors },
      },
    },
    async (req, reply) => {
      const caregiver = await service.visibleCaregiver(req.params.id, req.user);
      if (req.user?.id === caregiver.userId) return { counted: false };
      let visitor: string;
      if (req.user) visitor = `u:${req.user.id}`;
      else {
        let id = req.cookies?.[VISITOR_COOKIE];
        if (!id || !/^[a-f0-9]{32}$/.test(id)) {
          id = randomBytes(16).toString('hex');
          reply.setCookie(VISITOR_COOKIE, id, {
            httpOnly: true,
            sameSite: 'lax',
            secure: app.env.publicUrl.startsWith('https://'),
            path: '/',
            maxAge: 365 * 24 * 60 * 60,
          });
        }
        visitor = `v:${id}`;
      }
      return { counted: await service.recordView(caregiver.id, visitor) };
    },
  );
}
