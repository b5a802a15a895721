import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, SERIES_MESSAGES } from '../../../shared/booking-series';
import { jamaicaToday } from '../../../shared/time';
import { bookingEvents, bookingSeries, bookings, caregiverStats, notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { panelBody, requestBooking } from '../bookings/testing';
import { nextWeekday, postSeries, seriesAction, seriesBody } from './testing';

const HOUR = 3_600_000;

/** Issue 19, part 1: recurring bookings (ADR 0027). The clock is the app's, moved by the tests. */
describe.each(DB_KINDS)('booking series on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const party = async () => ({
    family: await signedIn(t.db, { userType: 'family' }),
    cg: await signedInCaregiver(t.db, { hourlyRate: 1500 }),
  });
  const bookingsOf = (caregiverId: number) =>
    t.db.select().from(bookings).where(eq(bookings.caregiverId, caregiverId)).orderBy(bookings.startsAt);

  it('books Mon/Wed/Fri 08:00, 4 h, for 8 weeks: 24 pending visits in Jamaica time, the caregiver told', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const start = nextWeekday(1);
    const res = await postSeries(t.app, family, {
      ...seriesBody(cg.caregiver.id, { startDate: start, endDate: addDays(start, 55), notes: ' Two kids ' }),
      visits: undefined,
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      status: 'requested',
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      weekdays: [1, 3, 5],
      startTime: '08:00',
      hours: 4,
      startDate: start,
      endDate: addDays(start, 55),
      visitCount: null,
      notes: 'Two kids',
      skipped: [],
    });
    expect(s.bookings).toHaveLength(24);
    expect(s.bookings.slice(0, 3).map((b: { date: string }) => b.date)).toEqual([
      start,
      addDays(start, 2),
      addDays(start, 4),
    ]);
    for (const b of s.bookings) {
      expect(b).toMatchObject({
        status: 'pending',
        startTime: '08:00',
        endTime: '12:00',
        duration: 4,
        totalCost: '6300.00',
      });
      expect(b.startsAt).toBe(new Date(`${b.date}T08:00:00-05:00`).toISOString());
    }
    const rows = await bookingsOf(cg.caregiver.id);
    expect(rows.every((r) => r.seriesId === s.id)).toBe(true);
    // Written in one batch (issue 35), each visit still has its own creation event by the family.
    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(
        inArray(
          bookingEvents.bookingId,
          rows.map((r) => r.id),
        ),
      );
    expect(events).toHaveLength(24);
    expect(new Set(events.map((e) => e.bookingId)).size).toBe(24);
    expect(events.every((e) => e.fromStatus === null && e.toStatus === 'pending')).toBe(true);
    expect(events.every((e) => e.actorUserId === family.user.id)).toBe(true);
    // One notice for the whole series, not one per visit (ADR 0031).
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, cg.user.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'series.requested', title: 'New weekly booking request' });
    expect(told[0].body).toContain('asked for 24 visits: Mon, Wed, Fri at 8:00 AM (4 h) from');
    // The caregiver sees it (it reached them); the family reads it back the same.
    expect((await seriesAction(t.app, cg, s.id, '')).json().bookings).toHaveLength(24);
    expect((await seriesAction(t.app, family, s.id, '')).json()).toEqual(s);
  });

  it('finds every clash before writing: 409 SERIES_CONFLICTS naming the dates, nothing written; skipConflicts books the rest', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const other = await signedIn(t.db, { userType: 'family' });
    const start = nextWeekday(2, 3);
    // Tuesday and the Thursday after: one overlapping, one back to back (12:00–14:00 after 08:00–12:00).
    expect(
      (
        await requestBooking(
          t.app,
          other.headers,
          panelBody(cg.caregiver.id, addDays(start, 7), '10:00 AM', 2),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await requestBooking(
          t.app,
          other.headers,
          panelBody(cg.caregiver.id, addDays(start, 2), '12:00 PM', 2),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await requestBooking(
          t.app,
          other.headers,
          panelBody(cg.caregiver.id, addDays(start, 16), '7:00 AM', 2),
        )
      ).statusCode,
    ).toBe(201);
    const body = seriesBody(cg.caregiver.id, { weekdays: [2, 4], startDate: start, visits: 8 });
    const refused = await postSeries(t.app, family, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SERIES_CONFLICTS',
      message: SERIES_MESSAGES.conflicts,
      conflicts: [
        { date: addDays(start, 7), reason: 'booked' },
        { date: addDays(start, 16), reason: 'booked' },
      ],
    });
    expect(await bookingsOf(cg.caregiver.id)).toHaveLength(3);
    expect(
      await t.db.select().from(bookingSeries).where(eq(bookingSeries.caregiverId, cg.caregiver.id)),
    ).toHaveLength(0);

    const skipped = await postSeries(t.app, family, { ...body, skipConflicts: true });
    expect(skipped.statusCode).toBe(201);
    expect(skipped.json().skipped).toEqual(refused.json().conflicts);
    expect(skipped.json().bookings).toHaveLength(6);
    expect(skipped.json().bookings.map((b: { date: string }) => b.date)).not.toContain(addDays(start, 7));
    // Now every date is taken: even skipping leaves nothing to book.
    const again = await postSeries(t.app, other, { ...body, skipConflicts: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SERIES_CONFLICTS', message: SERIES_MESSAGES.allTaken });
    expect(again.json().conflicts).toHaveLength(8);
  });

  it('refuses bad rules with a 400 naming the field, never a 500', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const base = seriesBody(cg.caregiver.id);
    const today = addDays(nextWeekday(1, 0), 0);
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: addDays(base.startDate, 14) }, 'endDate'], // both
      [{ visits: undefined }, 'endDate'], // neither
      [{ visits: undefined, endDate: addDays(base.startDate, -1) }, 'endDate'],
      [{ weekdays: [] }, 'weekdays'],
      [{ weekdays: [0] }, 'weekdays.0'],
      [{ weekdays: [8] }, 'weekdays.0'],
      [{ weekdays: [1, 1] }, 'weekdays'],
      [{ weekdays: ['Mon'] }, 'weekdays.0'],
      [{ weekdays: 'Mon' }, 'weekdays'],
      [{ startTime: '08:30' }, 'startTime'],
      [{ startTime: '5:00 AM' }, 'startTime'],
      [{ startTime: '22:00' }, 'startTime'],
      [{ startTime: 8 }, 'startTime'],
      [{ hours: 5 }, 'hours'],
      [{ hours: 0 }, 'hours'],
      [{ hours: true }, 'hours'],
      [{ visits: 0 }, 'visits'],
      [{ visits: 1.5 }, 'visits'],
      [{ visits: 1000 }, 'visits'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: addDays(today, -7) }, 'startDate'],
      [{ startDate: addDays(today, 200) }, 'startDate'],
      [{ visits: undefined, endDate: addDays(today, 190) }, 'endDate'],
      [{ weekdays: [3], visits: 30 }, 'visits'], // 30 Wednesdays is past 26 weeks
      [{ caregiverId: 'x' }, 'caregiverId'],
      [{ circleId: -1 }, 'circleId'],
      [{ skipConflicts: 'yes' }, 'skipConflicts'],
      [{ notes: 'x'.repeat(1001) }, 'notes'],
    ];
    for (const [over, path] of cases) {
      const res = await postSeries(t.app, family, { ...base, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(
        res.json().errors?.map((e: { path: string }) => e.path),
        JSON.stringify(over),
      ).toContain(path);
    }
    for (const body of [null, [], 7, { caregiverId: cg.caregiver.id }]) {
      expect((await postSeries(t.app, family, body)).statusCode).toBe(400);
    }
    expect((await postSeries(t.app, family, 'text')).statusCode).toBe(415);
    // A first visit today whose start has passed (the clock is at 13:00 in Jamaica).
    const day = nextWeekday(4, 3);
    clock = new Date(`${day}T13:00:00-05:00`);
    const late = await postSeries(t.app, family, { ...base, weekdays: [4], startDate: day, visits: 2 });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].path).toBe('startTime');
    for (const id of ['0', 'abc', '99999999999', '1.5']) {
      expect((await seriesAction(t.app, family, id, '')).statusCode).toBe(400);
    }
    expect((await seriesAction(t.app, family, 2147483647, '')).statusCode).toBe(404);
    clock = new Date();
  });

  it('the caregiver accepts the series as a whole: every visit confirmed through the booking transitions', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const seen: string[] = [];
    const off = t.app.services.bookingEvents.on(async (_tx, e) => {
      if (e.booking.caregiverId === cg.caregiver.id) seen.push(`${e.from}→${e.to}`);
    });
    const s = (await postSeries(t.app, family, seriesBody(cg.caregiver.id))).json();
    const res = await seriesAction(t.app, cg, s.id, 'accept');
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('accepted');
    expect(res.json().answeredAt).toBe(clock.toISOString());
    expect(res.json().bookings.map((b: { status: string }) => b.status)).toEqual(Array(6).fill('confirmed'));
    expect(seen.filter((x) => x === 'pending→confirmed')).toHaveLength(6);
    // Answered once: again is a 409, and so is declining now.
    expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(409);
    expect((await seriesAction(t.app, cg, s.id, 'decline')).statusCode).toBe(409);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, family.user.id));
    expect(told.filter((n) => n.title === 'Booking confirmed')).toHaveLength(0);
    expect(told.filter((n) => n.kind === 'series.accepted')).toHaveLength(1);
  });

  it('declines as a whole: every visit declined, the time free again', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const s = (await postSeries(t.app, family, seriesBody(cg.caregiver.id))).json();
    const res = await seriesAction(t.app, cg, s.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('declined');
    expect(new Set(res.json().bookings.map((b: { status: string }) => b.status))).toEqual(
      new Set(['declined']),
    );
    expect((await postSeries(t.app, family, seriesBody(cg.caregiver.id))).statusCode).toBe(201);
  });

  it('cancels the rest in one step under the policy; a visit started stays; one visit alone can be cancelled', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const s = (await postSeries(t.app, family, seriesBody(cg.caregiver.id))).json();
    expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(200);
    // One visit cancelled on its own through the bookings route: the others untouched.
    const lone = s.bookings[5];
    const one = await t.injectAs(family, {
      method: 'POST',
      url: `/api/bookings/${lone.id}/cancel`,
      payload: {},
    });
    expect(one.statusCode).toBe(200);
    expect(
      (await seriesAction(t.app, family, s.id, '')).json().bookings.map((b: { status: string }) => b.status),
    ).toEqual([...Array(5).fill('confirmed'), 'cancelled']);
    // The first visit is under way; the second starts in under 24 h (a late cancellation).
    clock = new Date(new Date(s.bookings[0].startsAt).getTime() + HOUR);
    const res = await seriesAction(t.app, family, s.id, 'cancel-rest');
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.status).toBe('cancelled');
    expect(after.cancelledAt).toBe(clock.toISOString());
    expect(after.bookings.map((b: { status: string }) => b.status)).toEqual([
      'confirmed',
      ...Array(5).fill('cancelled'),
    ]);
    expect(after.bookings[1].cancelledBy).toBe(family.user.id);
    expect((await seriesAction(t.app, family, s.id, 'cancel-rest')).statusCode).toBe(409);
    clock = new Date();
  });

  it('two series racing for one caregiver: exactly one wins each slot', async () => {
    clock = new Date();
    const cg = await signedInCaregiver(t.db);
    const families = [await signedIn(t.db), await signedIn(t.db), await signedIn(t.db)];
    const start = nextWeekday(3, 4);
    const results = await Promise.all(
      families.map((f, i) =>
        postSeries(
          t.app,
          f,
          seriesBody(cg.caregiver.id, {
            weekdays: [3, 6],
            startDate: start,
            visits: 10,
            startTime: `0${7 + i}:00`,
          }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(['SERIES_CONFLICTS', 'BOOKING_OVERLAP']).toContain(r.json().code);
    }
    const held = (await bookingsOf(cg.caregiver.id)).filter((b) => b.status === 'pending');
    expect(held).toHaveLength(10);
    expect(new Set(held.map((b) => b.seriesId)).size).toBe(1);
  });

  it('books every weekday for the full 26 weeks (about 130 visits) in one request', async () => {
    clock = new Date();
    const { family, cg } = await party();
    const today = jamaicaToday(clock);
    const body = {
      ...seriesBody(cg.caregiver.id, { weekdays: [1, 2, 3, 4, 5], startDate: addDays(today, 1) }),
      visits: undefined,
    };
    const res = await postSeries(t.app, family, { ...body, endDate: addDays(today, 182) });
    expect(res.statusCode).toBe(201);
    expect(res.json().bookings.length).toBeGreaterThanOrEqual(129);
    // The caregiver's figures are recomputed once for the batch and count every visit (ADR 0027).
    const [stats] = await t.database.db
      .select()
      .from(caregiverStats)
      .where(eq(caregiverStats.caregiverId, cg.caregiver.id));
    expect(stats.totalBookings).toBe(res.json().bookings.length);
    // One day further is refused.
    const far = await postSeries(t.app, family, { ...body, endDate: addDays(today, 183) });
    expect(far.json().errors).toEqual([{ path: 'endDate', message: SERIES_MESSAGES.tooFar }]);
  });
});
