import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking, shiftBooking } from '../bookings/testing';
import { sandboxToken } from '../payments/testing';

const HOUR = 3_600_000;

/** A caregiver (at `rate` J$ an hour) with one booking of 2 h, paid by card, accepted and completed, through the API. */
export async function earnedThroughApi(app: FastifyInstance, db: Tx, rate = 1000) {
  const family = await signedIn(db);
  const cg = await signedInCaregiver(db, { hourlyRate: rate });
  const res = await requestBooking(
    app,
    family.headers,
    panelBody(cg.caregiver.id, daysAhead(4), '9:00 AM', 2),
  );
  const id: number = res.json().id;
  await app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...family.headers, 'idempotency-key': randomUUID() },
    payload: { bookingId: id, method: 'card', paymentToken: await sandboxToken(app) },
  });
  await app.inject({ method: 'POST', url: `/api/bookings/${id}/accept`, headers: cg.headers });
  await shiftBooking(db, id, new Date(Date.now() - 3 * HOUR));
  await app.inject({ method: 'POST', url: `/api/bookings/${id}/complete`, headers: cg.headers });
  return { family, cg, bookingId: id };
}
