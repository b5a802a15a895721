import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addJamaicaDays } from '../../../shared/contracts/payments';
import { jamaicaToday } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';

/** Test helpers for bookings and payments (not used by the app). */

/**
 * Kept only for e2e/visit-offline.test.ts (outside this change's reach); server tests import these from
 * src/server/test/sign-in.ts. Remove once that e2e test imports them from there.
 */
export { signedIn, signedInCaregiver } from '../../test/sign-in';

/** A date `days` after today in Jamaica. */
export const daysAhead = (days: number) => addJamaicaDays(jamaicaToday(), days);

/** Moves a booking in time (keeping its length) so tests can reach "after the end" without waiting. */
export async function shiftBooking(db: Tx, id: number, startsAt: Date, createdAt?: Date) {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, id));
  const length = b.endsAt.getTime() - b.startsAt.getTime();
  await db
    .update(bookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + length), ...(createdAt ? { createdAt } : {}) })
    .where(eq(bookings.id, id));
}

export function panelBody(caregiverId: number, date: string, startTime = '9:00 AM', duration = 2) {
  return {
    familyId: 4,
    caregiverId,
    date,
    startTime,
    endTime: 'ignored',
    duration,
    totalCost: '1.00',
    notes: '',
  };
}

export async function requestBooking(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/bookings', headers, payload: body });
}
