import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, SERIES_MESSAGES } from '../../../shared/booking-series';
import { bookings, ledgerEntries, notifications, payments } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, type Person } from '../circles/testing';
import { sandboxToken } from '../payments/testing';
import { nextWeekday, postSeries, seriesAction, seriesBody } from './testing';

const HOUR = 3_600_000;

/**
 * Series-level notices and a caregiver leaving a series (issue 19, ADR 0031). The clock is the app's,
 * moved by the tests.
 */
describe.each(DB_KINDS)('series notices and leaving on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const noticesOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
  const act = (who: Person, id: number, action: string) =>
    t.injectAs(who, { method: 'POST', url: `/api/bookings/${id}/${action}` });

  it('one notice per series event to each party, not one per visit; a single visit keeps its own', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family', firstName: 'Dwayne' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const start = nextWeekday(1, 3, clock);
    const body = {
      ...seriesBody(cg.caregiver.id, { startDate: start, visits: undefined }),
      endDate: addDays(start, 25),
    };
    const created = await postSeries(t.app, family, body);
    expect(created.statusCode).toBe(201);
    const s = created.json();
    expect(s.bookings).toHaveLength(12);
    expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(200);

    // One visit cancelled on its own: a per-visit event, so a per-visit notice to both.
    expect((await act(family, s.bookings[0].id, 'cancel')).statusCode).toBe(200);
    // The rest in one step: one notice each for the 11 visits.
    expect((await seriesAction(t.app, family, s.id, 'cancel-rest')).statusCode).toBe(200);

    // (The caregiver may also hear of a badge; only booking and series notices count here.)
    const kinds = async (userId: number) =>
      (await noticesOf(userId)).map((n) => n.kind).filter((k) => /^(series|booking)\./.test(k));
    const expected = ['series.requested', 'series.accepted', 'booking.cancelled', 'series.cancelled'];
    expect(await kinds(family.user.id)).toEqual(expected);
    expect(await kinds(cg.user.id)).toEqual(expected);
    const [requested, , , cancelled] = (await noticesOf(cg.user.id)).filter((n) => n.kind !== 'badge');
    expect(requested.body).toBe(
      `Dwayne ${family.user.lastName.slice(0, 1)}. asked for 12 visits: Mon, Wed, Fri at 8:00 AM (4 h) from ${shortDay(start)}. You would earn J$ 6,000 a visit. Accept or decline the series as a whole: unanswered requests expire.`,
    );
    expect(cancelled.body).toContain('cancelled the remaining 11 visits');
    expect((await noticesOf(family.user.id))[0].body).toMatch(/^You asked .+ for 12 visits: Mon, Wed, Fri/);
  });

  it('a circle’s members each hear of the series once; the caregiver too', async () => {
    clock = new Date();
    const coordinator = await signedIn(t.db, { userType: 'family' });
    const circleId = (await createCircle(t.app, coordinator)).id;
    const payer = await join(t.app, t.db, circleId, coordinator, 'payer');
    const viewer = await join(t.app, t.db, circleId, coordinator, 'viewer');
    const cg = await signedInCaregiver(t.db);
    const res = await postSeries(t.app, coordinator, seriesBody(cg.caregiver.id, { circleId, visits: 12 }));
    expect(res.statusCode).toBe(201);
    for (const who of [coordinator, payer, viewer, cg]) {
      const series = (await noticesOf(who.user.id)).filter((n) => n.kind.startsWith('series.'));
      expect(series).toHaveLength(1);
      expect((await noticesOf(who.user.id)).filter((n) => n.kind.startsWith('booking.'))).toHaveLength(0);
    }
    const [forPayer] = (await noticesOf(payer.user.id)).filter((n) => n.kind === 'series.requested');
    expect(forPayer.body).toContain(`${coordinator.user.firstName} asked`);
    expect(forPayer.body).toContain('for Hyacinth');
  });

  describe('the caregiver leaves a series', () => {
    /** A circle's accepted Mon/Wed/Fri series; the payer paid the second visit by card (a hold). */
    async function acceptedCircleSeries() {
      clock = new Date();
      const coordinator = await signedIn(t.db, { userType: 'family' });
      const circleId = (await createCircle(t.app, coordinator)).id;
      const payer = await join(t.app, t.db, circleId, coordinator, 'payer');
      const viewer = await join(t.app, t.db, circleId, coordinator, 'viewer');
      const cg = await signedInCaregiver(t.db, { hourlyRate: 1000 });
      const start = nextWeekday(1, 2, clock);
      const s = (
        await postSeries(
          t.app,
          coordinator,
          seriesBody(cg.caregiver.id, { circleId, startDate: start, visits: 6 }),
        )
      ).json();
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { ...payer.headers, 'idempotency-key': `series-${s.id}` },
        payload: { bookingId: s.bookings[1].id, method: 'card', paymentToken: await sandboxToken(t.app) },
      });
      expect(paid.statusCode).toBe(201);
      expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(200);
      return { coordinator, payer, viewer, cg, s, start };
    }

    it('refuses anyone but the series’ caregiver, and a series not accepted', async () => {
      const { coordinator, payer, viewer, s } = await acceptedCircleSeries();
      const otherCg = await signedInCaregiver(t.db);
      const stranger = await signedIn(t.db, { userType: 'family' });
      expect((await seriesAction(t.app, undefined, s.id, 'leave')).statusCode).toBe(401);
      for (const who of [coordinator, payer, viewer, stranger])
        expect((await seriesAction(t.app, who, s.id, 'leave')).statusCode).toBe(403);
      expect((await seriesAction(t.app, otherCg, s.id, 'leave')).statusCode).toBe(404);
      expect((await seriesAction(t.app, otherCg, 999_999, 'leave')).statusCode).toBe(404);
      // Still requested: the caregiver declines it instead.
      const fam = await signedIn(t.db, { userType: 'family' });
      const cg2 = await signedInCaregiver(t.db);
      const requested = (await postSeries(t.app, fam, seriesBody(cg2.caregiver.id))).json();
      const refused = await seriesAction(t.app, cg2, requested.id, 'leave');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(SERIES_MESSAGES.notLeavable);
    });

    it('cancels every visit still to come on the caregiver’s side, releases the hold in full, and tells everyone once', async () => {
      const { coordinator, payer, viewer, cg, s } = await acceptedCircleSeries();
      // The first visit is under way: it stays (the caregiver finishes it); the other five go.
      const first = s.bookings[0];
      clock = new Date(new Date(first.startsAt).getTime() + HOUR);
      const res = await seriesAction(t.app, cg, s.id, 'leave');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'left', cancelledAt: clock.toISOString() });
      const statuses = res.json().bookings.map((b: { status: string }) => b.status);
      expect(statuses).toEqual(['confirmed', ...Array(5).fill('cancelled')]);
      const rows = await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.seriesId, s.id), eq(bookings.status, 'cancelled')));
      expect(rows.every((r) => r.cancelledBy === cg.user.id)).toBe(true);

      // The held money of the second visit: voided in full, nothing to the caregiver.
      const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, s.bookings[1].id));
      expect(payment.status).toBe('voided');
      const ledger = await t.db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.bookingId, [s.bookings[1].id]));
      const sum = (account: string) =>
        ledger
          .filter((e) => e.account === account)
          .reduce((n, e) => n + Math.round(Number(e.amount) * 100), 0);
      expect(sum('booking_hold')).toBe(0);
      expect(sum('caregiver_payable')).toBe(0);

      // Once to each member (payer, coordinator, viewer) and to the caregiver; no word of a backup.
      const from = s.bookings[1].date;
      for (const who of [coordinator, payer, viewer]) {
        const left = (await noticesOf(who.user.id)).filter((n) => n.kind === 'series.left');
        expect(left).toHaveLength(1);
        expect(left[0].body).toBe(
          `${cg.user.firstName} can no longer continue Hyacinth’s Monday, Wednesday and Friday visits from ${shortDay(from)}; any payment held for them is released in full. 5 visits cancelled.`,
        );
        expect(left[0].body).not.toMatch(/backup/i);
        expect((await noticesOf(who.user.id)).filter((n) => n.kind === 'booking.cancelled')).toHaveLength(0);
      }
      expect((await noticesOf(cg.user.id)).filter((n) => n.kind === 'series.left')).toHaveLength(1);

      // Left once: again is a 409; the family cannot cancel the rest of a series that is over.
      expect((await seriesAction(t.app, cg, s.id, 'leave')).statusCode).toBe(409);
      expect((await seriesAction(t.app, coordinator, s.id, 'cancel-rest')).statusCode).toBe(409);
      clock = new Date();
    });
  });
});

/** '7 Dec' for a yyyy-MM-dd. */
function shortDay(date: string) {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
