import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/booking-series';
import { BOOKING_MESSAGES } from '../../../shared/contracts/bookings';
import { bookings, notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { nextWeekday, postSeries, seriesAction, seriesBody } from '../booking-series/testing';
import { createCircle, join, type Person } from '../circles/testing';
import { panelBody, requestBooking, shiftBooking } from './testing';

const HOUR = 3_600_000;

/**
 * Moving one booking (a series' visit) to another time: POST /api/bookings/:id/reschedule (ADR 0031). The
 * series is booked on a clock three days back; the bookings routes run on the real clock.
 */
describe.each(DB_KINDS)('moving a booking on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const move = (who: Person | undefined, id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/reschedule`,
      headers: who?.headers ?? {},
      payload,
    });
  const rowOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  /** A family's accepted Mon/Wed/Fri 8:00 series of 6 visits, booked three days before `clock`. */
  async function acceptedSeries() {
    clock = new Date(Date.now() - 72 * HOUR);
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1000 });
    const s = (
      await postSeries(t.app, family, seriesBody(cg.caregiver.id, { startDate: nextWeekday(1, 6, clock) }))
    ).json();
    expect((await seriesAction(t.app, cg, s.id, 'accept')).statusCode).toBe(200);
    clock = new Date();
    return { family, cg, s };
  }

  it('moves one confirmed visit: back to the caregiver as a request with a fresh 24 h, the rest untouched', async () => {
    const { family, cg, s } = await acceptedSeries();
    const visit = s.bookings[1];
    const date = addDays(visit.date, 1);
    const res = await move(family, visit.id, { date, startTime: '2:00 PM' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: visit.id,
      date,
      startTime: '14:00',
      endTime: '18:00',
      status: 'pending',
      totalCost: visit.totalCost,
      seriesId: s.id,
    });
    const row = await rowOf(visit.id);
    expect(row.startsAt.toISOString()).toBe(new Date(`${date}T14:00:00-05:00`).toISOString());
    expect(Math.abs((row.rescheduledAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const others = (await seriesAction(t.app, family, s.id, '')).json().bookings;
    expect(others.filter((b: { status: string }) => b.status === 'confirmed')).toHaveLength(5);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, cg.user.id));
    const notice = told.find((n) => n.kind === 'booking.rescheduled');
    expect(notice?.body).toContain(' to ');
    expect(notice?.body).toContain('2:00 PM–6:00 PM');
    // Made three days ago, moved now: the caregiver may still answer (24 h from the move), and accepts.
    const accepted = await t.injectAs(cg, { method: 'POST', url: `/api/bookings/${visit.id}/accept` });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('confirmed');
  });

  it('keeps the no-overlap rule (409 BOOKING_OVERLAP, nothing changed) and refuses bad times with 400', async () => {
    const { family, cg, s } = await acceptedSeries();
    const visit = s.bookings[2];
    // Onto the next visit of the same series, and onto another family's booking: both taken.
    const next = s.bookings[3];
    const onto = await move(family, visit.id, { date: next.date, startTime: '9:00 AM' });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().code).toBe('BOOKING_OVERLAP');
    const other = await signedIn(t.db, { userType: 'family' });
    const theirs = addDays(visit.date, 1);
    expect(
      (await requestBooking(t.app, other.headers, panelBody(cg.caregiver.id, theirs, '3:00 PM', 2)))
        .statusCode,
    ).toBe(201);
    expect((await move(family, visit.id, { date: theirs, startTime: '12:00 PM' })).statusCode).toBe(409);
    expect((await rowOf(visit.id)).status).toBe('confirmed');
    expect((await rowOf(visit.id)).date).toBe(visit.date);
    for (const payload of [
      { date: theirs, startTime: '9:30 AM' },
      { date: theirs, startTime: '11:00 PM' },
      { date: 'tomorrow', startTime: '9:00 AM' },
      { date: theirs },
      { date: theirs, startTime: '9:00 AM', status: 'confirmed' },
      { date: addDays(visit.date, -30), startTime: '9:00 AM' },
      { date: visit.date, startTime: '8:00 AM' },
    ]) {
      const res = await move(family, visit.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses the caregiver, strangers, circle viewers and payers, visitors; and moves within 24 h of the start', async () => {
    const { family, cg, s } = await acceptedSeries();
    const payload = { date: addDays(s.bookings[4].date, 1), startTime: '6:00 PM' };
    const stranger = await signedIn(t.db, { userType: 'family' });
    expect((await move(undefined, s.bookings[4].id, payload)).statusCode).toBe(401);
    expect((await move(cg, s.bookings[4].id, payload)).statusCode).toBe(403);
    expect((await move(stranger, s.bookings[4].id, payload)).statusCode).toBe(404);
    expect((await move(family, 999_999, payload)).statusCode).toBe(404);

    const coordinator = await signedIn(t.db, { userType: 'family' });
    const circleId = (await createCircle(t.app, coordinator)).id;
    const payer = await join(t.app, t.db, circleId, coordinator, 'payer');
    const viewer = await join(t.app, t.db, circleId, coordinator, 'viewer');
    const cg2 = await signedInCaregiver(t.db);
    const day = addDays(s.bookings[0].date, 2);
    const booked = await requestBooking(t.app, coordinator.headers, {
      ...panelBody(cg2.caregiver.id, day, '9:00 AM', 2),
      circleId,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id;
    expect((await move(viewer, id, { date: day, startTime: '1:00 PM' })).statusCode).toBe(403);
    expect((await move(payer, id, { date: day, startTime: '1:00 PM' })).statusCode).toBe(403);
    expect((await move(coordinator, id, { date: day, startTime: '1:00 PM' })).statusCode).toBe(200);

    // Less than 24 hours before its start: cancel under the policy instead.
    const first = s.bookings[0];
    await shiftBooking(t.db, first.id, new Date(Date.now() + 23 * HOUR));
    const late = await move(family, first.id, { date: addDays(first.date, 1), startTime: '6:00 PM' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BOOKING_MESSAGES.moveTooLate);
  });
});
