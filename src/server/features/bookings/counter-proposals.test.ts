import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingCounterProposals, bookings, ledgerEntries, notifications, payments } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, type Person, request } from '../circles/testing';
import { sandboxToken } from '../payments/testing';
import { daysAhead, panelBody } from './testing';

const HOUR = 3_600_000;

/**
 * Counter-proposals (issue 33, ADR 0048): the caregiver of a pending request proposes another time; the
 * family side accepts (the booking moves and is confirmed, the price and what is held follow) or declines
 * (the request stays). Every call and each refusal, on a clock the test controls.
 */
describe.each(DB_KINDS)('counter-proposals on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  beforeEach(() => {
    clock = new Date();
  });

  const propose = (who: Person | undefined, id: number, payload: Record<string, unknown>) =>
    request(t.app, 'POST', `/api/bookings/${id}/counter-proposal`, who, payload);
  const answer = (who: Person | undefined, id: number, action: 'accept' | 'decline') =>
    request(t.app, 'POST', `/api/bookings/${id}/counter-proposal/${action}`, who);
  const rowOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const noticesOf = (userId: number, kind: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const accountOf = async (bookingId: number, account: string) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)))
      .filter((r) => r.account === account)
      .reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);

  /** A family's pending 2-hour request at 9:00 AM, five days ahead, with a J$ 1,500/h caregiver. */
  async function requested(days = 5) {
    const family = await signedIn(t.db, { userType: 'family', firstName: 'Dwayne' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500, user: { firstName: 'Shanique' } });
    const res = await request(
      t.app,
      'POST',
      '/api/bookings',
      family,
      panelBody(cg.caregiver.id, daysAhead(days)),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { family, cg, booking: res.json() as { id: number; totalCost: string; date: string } };
  }

  async function payByCard(who: Person, bookingId: number) {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json();
  }

  const otherTime = (days = 6) => ({
    date: daysAhead(days),
    startTime: '10:00',
    endTime: '13:00',
    note: 'Mornings suit me better that day.',
  });

  it('the caregiver proposes another time; the family sees it and hears of it', async () => {
    const { family, cg, booking } = await requested();
    const res = await propose(cg, booking.id, otherTime());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'open' });
    const seen = (await request(t.app, 'GET', `/api/bookings/${booking.id}`, family)).json();
    expect(seen.status).toBe('pending');
    expect(seen.counterProposal).toEqual({
      id: res.json().id,
      date: daysAhead(6),
      startTime: '10:00',
      endTime: '13:00',
      note: 'Mornings suit me better that day.',
      status: 'open',
      totalCost: '4725.00',
    });
    // The caregiver sees their own proposal too; the list carries it.
    const list = (await request(t.app, 'GET', '/api/bookings', cg)).json();
    expect(list.find((b: { id: number }) => b.id === booking.id).counterProposal.id).toBe(res.json().id);
    const [notice] = await noticesOf(family.user.id, 'booking.counter_proposed');
    expect(notice.title).toContain('Shanique');
    expect(notice.body).toContain('10:00 AM–1:00 PM');
    expect(notice.body).toContain('9:00 AM–11:00 AM');
    // A new proposal replaces the open one: one open per booking.
    const again = await propose(cg, booking.id, { ...otherTime(7), note: '' });
    expect(again.statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(bookingCounterProposals)
      .where(eq(bookingCounterProposals.bookingId, booking.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['open', 'replaced']);
    const after = (await request(t.app, 'GET', `/api/bookings/${booking.id}`, family)).json();
    expect(after.counterProposal).toMatchObject({ id: again.json().id, date: daysAhead(7), note: null });
  });

  it('refuses anyone but the booking’s caregiver, bad times, clashes and decided bookings', async () => {
    const { family, cg, booking } = await requested();
    const otherCg = await signedInCaregiver(t.db);
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    expect((await propose(undefined, booking.id, otherTime())).statusCode).toBe(401);
    expect((await propose(family, booking.id, otherTime())).statusCode).toBe(403);
    expect((await propose(otherFamily, booking.id, otherTime())).statusCode).toBe(403);
    expect((await propose(otherCg, booking.id, otherTime())).statusCode).toBe(404);
    expect((await propose(cg, 999_999, otherTime())).statusCode).toBe(404);
    // Bad input: 400 naming the field, never a 500.
    const bad = [
      { ...otherTime(), endTime: '10:00' },
      { ...otherTime(), startTime: '10:30' },
      { ...otherTime(), startTime: '23:00', endTime: '23:59' },
      { ...otherTime(), date: daysAhead(-1) },
      { ...otherTime(), date: '2026-02-30' },
      { ...otherTime(), note: 'x'.repeat(301) },
      { ...otherTime(), extra: 1 },
      { date: daysAhead(6), startTime: '10:00' },
    ];
    for (const body of bad) {
      const res = await propose(cg, booking.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // The same time as the booking's: 400.
    expect(
      (await propose(cg, booking.id, { date: booking.date, startTime: '09:00', endTime: '11:00' }))
        .statusCode,
    ).toBe(400);
    // Onto the caregiver's other request: the create rule's overlap, 409 BOOKING_OVERLAP.
    const other = await request(
      t.app,
      'POST',
      '/api/bookings',
      otherFamily,
      panelBody(cg.caregiver.id, daysAhead(6), '11:00 AM', 2),
    );
    expect(other.statusCode).toBe(201);
    const clash = await propose(cg, booking.id, otherTime());
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('BOOKING_OVERLAP');
    // Declined: decided, 409.
    expect((await request(t.app, 'POST', `/api/bookings/${booking.id}/decline`, cg)).statusCode).toBe(200);
    const late = await propose(cg, booking.id, otherTime(8));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOOKING_INVALID_TRANSITION');
    // Past the request's answer window (24 h): 409.
    const { cg: cg2, booking: b2 } = await requested();
    clock = new Date(Date.now() + 25 * HOUR);
    expect((await propose(cg2, b2.id, otherTime(8))).statusCode).toBe(409);
  });

  it('accepting moves the booking, confirms it and prices it again; the caregiver sees it confirmed', async () => {
    const { family, cg, booking } = await requested();
    expect((await propose(cg, booking.id, otherTime())).statusCode).toBe(201);
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    const otherCg = await signedInCaregiver(t.db);
    expect((await answer(undefined, booking.id, 'accept')).statusCode).toBe(401);
    expect((await answer(otherFamily, booking.id, 'accept')).statusCode).toBe(404);
    expect((await answer(cg, booking.id, 'accept')).statusCode).toBe(403);
    expect((await answer(otherCg, booking.id, 'accept')).statusCode).toBe(403);
    const res = await answer(family, booking.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      date: daysAhead(6),
      startTime: '10:00',
      endTime: '13:00',
      duration: 3,
      subtotal: '4500.00',
      totalCost: '4725.00',
    });
    expect(res.json().counterProposal).toBeUndefined();
    const row = await rowOf(booking.id);
    expect(row.startsAt.toISOString()).toBe(new Date(`${daysAhead(6)}T10:00:00-05:00`).toISOString());
    expect(row.confirmedAt).not.toBeNull();
    const forCaregiver = (await request(t.app, 'GET', `/api/bookings/${booking.id}`, cg)).json();
    expect(forCaregiver).toMatchObject({ status: 'confirmed', startTime: '10:00', endTime: '13:00' });
    const events = (await request(t.app, 'GET', `/api/bookings/${booking.id}/events`, family)).json();
    expect(events.at(-1)).toMatchObject({ from: 'pending', to: 'confirmed', actorUserId: family.user.id });
    const [told] = await noticesOf(cg.user.id, 'booking.counter_accepted');
    expect(told.body).toContain('confirmed');
    // Decided: a second accept or a decline is 409.
    for (const action of ['accept', 'decline'] as const) {
      const again = await answer(family, booking.id, action);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('BOOKING_INVALID_TRANSITION');
    }
  });

  it('re-checks the clash at accept time (409 BOOKING_OVERLAP, nothing moved)', async () => {
    const { family, cg, booking } = await requested();
    expect((await propose(cg, booking.id, otherTime())).statusCode).toBe(201);
    // Another family books the proposed slot (a proposal holds nothing) and the caregiver accepts it.
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    const taken = await request(
      t.app,
      'POST',
      '/api/bookings',
      otherFamily,
      panelBody(cg.caregiver.id, daysAhead(6), '11:00 AM', 1),
    );
    expect(taken.statusCode).toBe(201);
    const res = await answer(family, booking.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BOOKING_OVERLAP');
    const row = await rowOf(booking.id);
    expect(row).toMatchObject({ status: 'pending', date: booking.date, startTime: '09:00' });
    const [open] = await t.db
      .select()
      .from(bookingCounterProposals)
      .where(eq(bookingCounterProposals.bookingId, booking.id));
    expect(open.status).toBe('open');
  });

  it('refuses a proposal into the caregiver’s time off, and an accept after time off was added (409 CAREGIVER_TIME_OFF)', async () => {
    const { family, cg, booking } = await requested();
    const away = (day: string) =>
      request(t.app, 'POST', '/api/caregivers/me/time-off', cg, { from: day, to: day });
    expect((await away(daysAhead(7))).statusCode).toBe(201);
    const into = await propose(cg, booking.id, otherTime(7));
    expect(into.statusCode).toBe(409);
    expect(into.json().code).toBe('CAREGIVER_TIME_OFF');
    // Proposed on a free day, then that day is taken off before the family answers: the booking stays put.
    expect((await propose(cg, booking.id, otherTime(6))).statusCode).toBe(201);
    expect((await away(daysAhead(6))).statusCode).toBe(201);
    const res = await answer(family, booking.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CAREGIVER_TIME_OFF');
    expect(await rowOf(booking.id)).toMatchObject({
      status: 'pending',
      date: booking.date,
      startTime: '09:00',
    });
  });

  it('the hold follows: the same total keeps it, another total releases it in full to be paid again', async () => {
    // Same length, another day: the card hold stays as it is.
    const same = await requested();
    await payByCard(same.family, same.booking.id);
    expect(
      (await propose(same.cg, same.booking.id, { date: daysAhead(6), startTime: '14:00', endTime: '16:00' }))
        .statusCode,
    ).toBe(201);
    const kept = await answer(same.family, same.booking.id, 'accept');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().payment).toMatchObject({ status: 'authorized', amount: '3150.00' });
    expect(await accountOf(same.booking.id, 'booking_hold')).toBe(315_000);

    // Three hours instead of two: the J$ 3,150 hold is voided, nothing stays held, the family pays J$ 4,725.
    const { family, cg, booking } = await requested();
    await payByCard(family, booking.id);
    expect((await propose(cg, booking.id, otherTime())).statusCode).toBe(201);
    const moved = await answer(family, booking.id, 'accept');
    expect(moved.statusCode, moved.body).toBe(200);
    const [voided] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(voided).toMatchObject({ status: 'voided', amount: '3150.00', refundedAmount: '3150.00' });
    expect(await accountOf(booking.id, 'booking_hold')).toBe(0);
    const all = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(all.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(0);
    const [familyNotice] = await noticesOf(family.user.id, 'booking.counter_accepted');
    expect(familyNotice.body).toContain('please pay J$');
    const again = await payByCard(family, booking.id);
    expect(again.payment ?? again).toMatchObject({ amount: '4725.00', status: 'authorized' });
  });

  it('declining closes the proposal; the request stays for the caregiver to answer', async () => {
    const { family, cg, booking } = await requested();
    const none = await answer(family, booking.id, 'decline');
    expect(none.statusCode).toBe(409);
    expect((await propose(cg, booking.id, otherTime())).statusCode).toBe(201);
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    expect((await answer(undefined, booking.id, 'decline')).statusCode).toBe(401);
    expect((await answer(otherFamily, booking.id, 'decline')).statusCode).toBe(404);
    expect((await answer(cg, booking.id, 'decline')).statusCode).toBe(403);
    const res = await answer(family, booking.id, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', date: booking.date, startTime: '09:00' });
    expect(res.json().counterProposal).toBeUndefined();
    const [told] = await noticesOf(cg.user.id, 'booking.counter_declined');
    expect(told.body).toContain('9:00 AM–11:00 AM');
    expect((await answer(family, booking.id, 'accept')).statusCode).toBe(409);
    // The caregiver still accepts the original time.
    const accepted = await request(t.app, 'POST', `/api/bookings/${booking.id}/accept`, cg);
    expect(accepted.json()).toMatchObject({ status: 'confirmed', startTime: '09:00' });
  });

  it('a proposal closes with its request: accepted, declined or expired by the caregiver or the job', async () => {
    const { family, cg, booking } = await requested();
    expect((await propose(cg, booking.id, otherTime())).statusCode).toBe(201);
    expect((await request(t.app, 'POST', `/api/bookings/${booking.id}/accept`, cg)).statusCode).toBe(200);
    const [closed] = await t.db
      .select()
      .from(bookingCounterProposals)
      .where(eq(bookingCounterProposals.bookingId, booking.id));
    expect(closed.status).toBe('closed');
    expect((await answer(family, booking.id, 'accept')).statusCode).toBe(409);
    // Past the answer window on the clock: accepting is refused, nothing moves.
    const second = await requested();
    expect((await propose(second.cg, second.booking.id, otherTime())).statusCode).toBe(201);
    clock = new Date(Date.now() + 25 * HOUR);
    expect((await answer(second.family, second.booking.id, 'accept')).statusCode).toBe(409);
    expect((await rowOf(second.booking.id)).status).toBe('pending');
  });

  it('in a care circle: a coordinator accepts the same price, only a payer a higher one; viewers 403', async () => {
    const coordinator = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    const circle = await createCircle(t.app, coordinator);
    const payer = await join(t.app, t.db, circle.id, coordinator, 'payer');
    const viewer = await join(t.app, t.db, circle.id, coordinator, 'viewer');
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const book = async (days: number) => {
      const res = await request(t.app, 'POST', '/api/bookings', coordinator, {
        ...panelBody(cg.caregiver.id, daysAhead(days)),
        circleId: circle.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const longer = await book(5);
    expect((await propose(cg, longer, otherTime(6))).statusCode).toBe(201);
    const proposed = await noticesOf(payer.user.id, 'booking.counter_proposed');
    expect(proposed).toHaveLength(1);
    expect((await answer(viewer, longer, 'accept')).statusCode).toBe(403);
    const byCoordinator = await answer(coordinator, longer, 'accept');
    expect(byCoordinator.statusCode).toBe(403);
    expect(byCoordinator.json().message).toContain('payer');
    expect((await answer(payer, longer, 'accept')).json()).toMatchObject({
      status: 'confirmed',
      duration: 3,
    });

    const sameLength = await book(8);
    expect(
      (await propose(cg, sameLength, { date: daysAhead(9), startTime: '15:00', endTime: '17:00' }))
        .statusCode,
    ).toBe(201);
    const ok = await answer(coordinator, sameLength, 'accept');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'confirmed', startTime: '15:00' });
  });
});
