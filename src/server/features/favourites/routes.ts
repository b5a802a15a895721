import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaregiverIdParam } from '../../../shared/contracts/caregivers';
import { ErrorResponse } from '../../../shared/contracts/common';
import {
  FavouriteCaregiver,
  FavouriteState,
  ProfileViewResponse,
} from '../../../shared/contracts/favourites';
import type { Tx } from '../../db/client';
import { caregivers, favourites } from '../../db/schema';
import { notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { CAREGIVER_NOT_FOUND, mayViewProfile } from '../caregiver-directory/service';
import { statsEngine } from '../stats-engine/repo';
import { listFavourites } from './repo';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
export const VISITOR_COOKIE = 'yc_vid';

async function findVisible(tx: Tx, id: number, viewer: Parameters<typeof mayViewProfile>[1]) {
  const [c] = await tx
    .select({ id: caregivers.id, userId: caregivers.userId, isPublic: caregivers.isPublic })
    .from(caregivers)
    .where(eq(caregivers.id, id));
  if (!c || !mayViewProfile(c, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
  return c;
}

/** Favourites (families' hearts) and profile views (counted once per visitor per Jamaican day). */
export async function favouriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    async (req) => listFavourites(app.db, currentUser(req).id),
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
      handler: async (req) => {
        const user = currentUser(req);
        const caregiverId = req.params.id;
        await app.db.transaction(async (tx) => {
          await findVisible(tx, caregiverId, user);
          if (method === 'PUT') {
            await tx.insert(favourites).values({ familyId: user.id, caregiverId }).onConflictDoNothing();
          } else {
            await tx
              .delete(favourites)
              .where(and(eq(favourites.familyId, user.id), eq(favourites.caregiverId, caregiverId)));
          }
          // Lock the stats row, then recount: concurrent hearts never lose a count.
          await statsEngine.lock(tx, caregiverId);
          await statsEngine.refreshFavourites(tx, caregiverId);
        });
        return { caregiverId, favourite: method === 'PUT' };
      },
    });
  }

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
      const caregiver = await findVisible(app.db, req.params.id, req.user);
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
      const counted = await app.db.transaction((tx) =>
        statsEngine.recordProfileView(tx, caregiver.id, visitor, new Date()),
      );
      return { counted };
    },
  );
}
