import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/contracts/bookings';
import { bookings, ledgerEntries, notifications, payments } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { type Person, request } from '../circles/testing';
import { sandboxToken } from '../payments/testing';
import { daysAhead, panelBody } from './testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Trial visits (issue 33, ADR 0048): a first paid booking with a caregiver may be marked a trial (at most 3
 * hours); after it is completed either side may end the relationship within 14 days: every booking between
 * them still to come is cancelled with no fee for anyone, and what was held goes back in full.
 */
describe.each(DB_KINDS)('trial visits on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  beforeEach(() => {
    clock = new Date();
  });

  const book = (who: Person, caregiverId: number, days: number, duration = 2, extra: object = {}) =>
    request(t.app, 'POST', '/api/bookings', who, {
      ...panelBody(caregiverId, daysAhead(days), '9:00 AM', duration),
      ...extra,
    });
  const act = (who: Person | undefined, id: number, action: string, payload?: unknown) =>
    request(t.app, 'POST', `/api/bookings/${id}/${action}`, who, payload);
  const rowOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const accountOf = async (bookingId: number, account: string) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)))
      .filter((r) => r.account === account)
      .reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);

  async function payByCard(who: Person, bookingId: number) {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }

  /** A trial tomorrow (3 h), completed on the clock, and a paid confirmed booking and a request after it. */
  async function afterTrial() {
    const family = await signedIn(t.db, { userType: 'family', firstName: 'Dwayne' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500, user: { firstName: 'Shanique' } });
    const trial = await book(family, cg.caregiver.id, 1, 3, { isTrial: true });
    expect(trial.statusCode, trial.body).toBe(201);
    const confirmed = (await book(family, cg.caregiver.id, 3)).json();
    await payByCard(family, confirmed.id);
    const requested = (await book(family, cg.caregiver.id, 4)).json();
    expect((await act(cg, trial.json().id, 'accept')).statusCode).toBe(200);
    expect((await act(cg, confirmed.id, 'accept')).statusCode).toBe(200);
    clock = new Date(Date.parse(trial.json().endsAt) + HOUR);
    expect((await act(cg, trial.json().id, 'complete')).statusCode).toBe(200);
    return { family, cg, trialId: trial.json().id as number, confirmed, requested };
  }

  it('marks a first booking of at most 3 hours a trial, and refuses a longer one or one after a visit', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const long = await book(family, cg.caregiver.id, 2, 4, { isTrial: true });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(BOOKING_MESSAGES.trialTooLong);
    expect(long.json().errors?.[0]?.path ?? long.json().details?.[0]?.path).toBe('isTrial');
    const trial = await book(family, cg.caregiver.id, 2, 3, { isTrial: true });
    expect(trial.statusCode, trial.body).toBe(201);
    expect(trial.json()).toMatchObject({ isTrial: true, duration: 3, status: 'pending' });
    // The spec's payload without the field still books, not as a trial.
    const plain = await book(family, cg.caregiver.id, 5);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().isTrial).toBeUndefined();
    expect((await book(family, cg.caregiver.id, 6, 2, { isTrial: 'yes' })).statusCode).toBe(400);

    // Once a visit with the caregiver is completed, no more trials with them (others may still).
    expect((await act(cg, trial.json().id, 'accept')).statusCode).toBe(200);
    clock = new Date(Date.parse(trial.json().endsAt) + HOUR);
    expect((await act(cg, trial.json().id, 'complete')).statusCode).toBe(200);
    const second = await book(family, cg.caregiver.id, 7, 2, { isTrial: true });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(BOOKING_MESSAGES.trialNotFirst);
    const otherCg = await signedInCaregiver(t.db);
    expect((await book(family, otherCg.caregiver.id, 7, 2, { isTrial: true })).statusCode).toBe(201);
  });

  it('the family ends things after the trial: future bookings cancelled with no fee, the hold released', async () => {
    const { family, cg, trialId, confirmed, requested } = await afterTrial();
    const view = (await request(t.app, 'GET', `/api/bookings/${trialId}`, family)).json();
    expect(view.trialEnd).toEqual({
      canEnd: true,
      deadline: new Date(Date.parse(view.endsAt) + 14 * DAY).toISOString(),
    });
    expect((await request(t.app, 'GET', `/api/bookings/${trialId}`, cg)).json().trialEnd.canEnd).toBe(true);
    // Ten hours before the confirmed booking: a family cancelling it now would owe half the subtotal.
    clock = new Date(Date.parse(confirmed.startsAt) - 10 * HOUR);
    const res = await act(family, trialId, 'end-after-trial', { reason: 'We found someone closer.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      bookingId: trialId,
      cancelledBookingIds: [confirmed.id, requested.id],
    });
    for (const id of [confirmed.id, requested.id]) {
      expect(await rowOf(id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'trial_ended',
        cancelledBy: family.user.id,
      });
    }
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, confirmed.id));
    expect(payment).toMatchObject({ status: 'voided', refundedAmount: '3150.00', capturedAmount: '0.00' });
    expect(await accountOf(confirmed.id, 'caregiver_payable')).toBe(0);
    expect(await accountOf(confirmed.id, 'booking_hold')).toBe(0);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cg.user.id), eq(notifications.kind, 'booking.trial_ended')));
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('2 upcoming bookings');
    expect(told[0].body).toContain('We found someone closer.');
    expect(told[0].body).toContain('No cancellation fee');
    // No per-booking cancellation notices on top of the one.
    const cancelledNotices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cg.user.id), eq(notifications.kind, 'booking.cancelled')));
    expect(cancelledNotices).toHaveLength(0);
    // Once only.
    const again = await act(cg, trialId, 'end-after-trial');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_MESSAGES.trialAlreadyEnded);
    expect((await request(t.app, 'GET', `/api/bookings/${trialId}`, family)).json().trialEnd.canEnd).toBe(
      false,
    );
  });

  it('the caregiver may end things too; the family hears that everything held is released', async () => {
    const { family, cg, trialId } = await afterTrial();
    const res = await act(cg, trialId, 'end-after-trial', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cancelledBookingIds).toHaveLength(2);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'booking.trial_ended')));
    expect(told.body).toContain('released or refunded in full');
  });

  it('refuses visitors, strangers, a booking that is no completed trial and a late ending', async () => {
    const { family, cg, trialId, confirmed } = await afterTrial();
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    const otherCg = await signedInCaregiver(t.db);
    expect((await act(undefined, trialId, 'end-after-trial')).statusCode).toBe(401);
    expect((await act(otherFamily, trialId, 'end-after-trial')).statusCode).toBe(404);
    expect((await act(otherCg, trialId, 'end-after-trial')).statusCode).toBe(404);
    expect((await act(family, 999_999, 'end-after-trial')).statusCode).toBe(404);
    expect((await act(family, trialId, 'end-after-trial', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    // Not a trial, and a trial not completed yet: 409.
    const notTrial = await act(family, confirmed.id, 'end-after-trial');
    expect(notTrial.statusCode).toBe(409);
    expect(notTrial.json().message).toBe(BOOKING_MESSAGES.trialNotEndable);
    const fresh = await signedInCaregiver(t.db);
    const pendingTrial = (await book(family, fresh.caregiver.id, 20, 2, { isTrial: true })).json();
    expect((await act(family, pendingTrial.id, 'end-after-trial')).statusCode).toBe(409);
    // More than 14 days after the trial's end: 409, nothing cancelled.
    const trialRow = await rowOf(trialId);
    clock = new Date(trialRow.endsAt.getTime() + 14 * DAY + HOUR);
    const late = await act(cg, trialId, 'end-after-trial');
    expect(late.statusCode).toBe(409);
    expect((await rowOf(confirmed.id)).status).toBe('confirmed');
    expect((await request(t.app, 'GET', `/api/bookings/${trialId}`, family)).json().trialEnd.canEnd).toBe(
      false,
    );
  });
});
