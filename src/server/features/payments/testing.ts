import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_CARDS, type SandboxProvider } from '../../adapters/payments';
import type { Tx } from '../../db/client';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { bookingLookups, notifyBookingParties, visitBookings } from '../bookings/service';
import { daysAhead, panelBody, requestBooking, shiftBooking } from '../bookings/testing';
import { approvalReasonFor, chargeConsents, circleAccess } from '../circles/service';
import { queueNotice } from '../notifications/service';
import { visitTimes } from '../visits/service';
import type { PaymentBookings, PaymentCircleRules, PaymentNotices, PaymentVisitTimes } from './ports';

export const TEST_CARDS = SANDBOX_CARDS;

/** Payments' ports as src/server/wiring/services.ts fills them (for tests that build a payment service directly). */
export const paymentPorts: {
  bookings: PaymentBookings;
  circles: PaymentCircleRules;
  visitTimes: PaymentVisitTimes;
  notices: PaymentNotices;
} = {
  bookings: {
    ...bookingLookups,
    notifyParties: (tx, bookingId, event, opts) =>
      notifyBookingParties(
        { circles: { ...circleAccess, approvalReasonFor }, notices: { queue: queueNotice } },
        tx,
        bookingId,
        event,
        opts,
      ),
    findWithParties: visitBookings.find,
  },
  circles: { ...circleAccess, chargeConsents },
  visitTimes,
  notices: { queue: queueNotice },
};

/**
 * What the sandbox's hosted card fields do when the family presses Pay: post the card to the sandbox's
 * own tokenization endpoint (outside /api) and hand back the single-use token our API accepts.
 */
export async function sandboxToken(
  app: FastifyInstance,
  number: string = SANDBOX_CARDS.success,
  card: { expMonth?: number | string; expYear?: number | string; cvc?: string } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox-pay/tokens',
    payload: { number, expMonth: 12, expYear: 2035, cvc: '123', ...card },
  });
  if (res.statusCode !== 201) throw new Error(`tokenization failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** The same, straight from a sandbox provider (for tests that call the payment service directly). */
export function sandboxCardToken(provider: SandboxProvider, number: string = SANDBOX_CARDS.success): string {
  const result = provider.tokenize({ number, expMonth: 12, expYear: 2035, cvc: '123' });
  if (!result.ok) throw new Error(`tokenization failed: ${result.message}`);
  return result.token;
}

/** A family and a caregiver (at `rate` JMD an hour) with a pending booking `days` ahead, made through the API. */
export async function requestedBooking(app: FastifyInstance, db: Tx, rate = 1500, duration = 2, days = 7) {
  const family = await signedIn(db, { userType: 'family' });
  const cg = await signedInCaregiver(db, { hourlyRate: rate });
  const res = await requestBooking(
    app,
    family.headers,
    panelBody(cg.caregiver.id, daysAhead(days), '9:00 AM', duration),
  );
  expect(res.statusCode).toBe(201);
  return { family, cg, booking: res.json() as { id: number; totalCost: string } };
}

/**
 * A family in `parish`, a J$ 1,000/h caregiver, 4 h paid by card (J$ 4,400 with the fee) through the API;
 * unless `confirm` is false, accepted by the caregiver and moved to start in 10 h (a late cancellation).
 */
export async function paidBookingIn(app: FastifyInstance, db: Tx, parish: string, confirm = true) {
  const family = await signedIn(db, { userType: 'family', parish });
  const cg = await signedInCaregiver(db, { hourlyRate: 1000 });
  const res = await requestBooking(
    app,
    family.headers,
    panelBody(cg.caregiver.id, daysAhead(10), '9:00 AM', 4),
  );
  expect(res.statusCode).toBe(201);
  const id: number = res.json().id;
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { ...family.headers, 'idempotency-key': randomUUID() },
    payload: { bookingId: id, method: 'card', paymentToken: await sandboxToken(app) },
  });
  expect(paid.statusCode).toBe(201);
  if (confirm) {
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/accept`,
      headers: cg.headers,
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    await shiftBooking(db, id, new Date(Date.now() + 10 * 3_600_000));
  }
  return { family, cg, id, total: paid.json().amount as string };
}
