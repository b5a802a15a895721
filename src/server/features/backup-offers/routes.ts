import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BackupOffers, RebookAnswer, RebookRequest } from '../../../shared/contracts/backups';
import { BookingIdParam } from '../../../shared/contracts/bookings';
import { errorResponses } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';

/** Backup offers when a caregiver drops out, and the one-tap rebook (ADR 0034). Families only. */
export async function backupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.backups;

  r.get(
    '/api/bookings/:id/backups',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['bookings'],
        summary:
          'Up to three backup caregivers for a booking whose caregiver cancelled it while confirmed, or has not checked in 15 minutes after the start: verified, same kind, free for the whole time, within 20% of the rate, nearest first. `open: false` with a reason when it cannot be replaced. The family side only (a circle’s: members who may book; others 403 or 404)',
        params: BookingIdParam,
        response: { 200: BackupOffers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.offers(currentUser(req), req.params.id),
  );

  r.post(
    '/api/bookings/:id/rebook',
    {
      config: { access: ['family'], moneyMoving: true },
      schema: {
        tags: ['bookings'],
        summary:
          'Book one of the current backup offers in one tap: a pending request with the same date, time, length, notes and circle at the backup’s rate, linked to the original; the family’s hold moves to it (no second authorization). A no-show’s booking ends as cancelled. A repeated tap answers the same booking; 409 when not open, not offered, or rebooked with someone else',
        params: BookingIdParam,
        body: RebookRequest,
        response: { 200: RebookAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.rebook(currentUser(req), req.params.id, req.body.caregiverId),
  );
}
