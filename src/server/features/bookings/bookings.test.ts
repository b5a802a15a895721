import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/contracts/bookings';
import { bookings, mailOutbox, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import type { BookingTransition } from './events';
import { bookingLifecycleJob } from './jobs';
import { daysAhead, panelBody, requestBooking, shiftBooking } from './testing';

const HOUR = 3_600_000;

describe.each(DB_KINDS)('bookings on %s', (kind) => {
  const t = useTestApp(kind);
  const seen: BookingTransition[] = [];
  let off = () => {};
  beforeAll(() => {
    off = t.app.services.bookingEvents.on(async (_tx, e) => {
      seen.push(e);
    });
  });
  afterAll(() => off());

  async function party(rate = 1500) {
    const family = await signedIn(t.db, { userType: 'family', phone: '876-555-0101' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: rate });
    return { family, cg };
  }

  it('books from the profile panel: server pricing, pending, 24-hour times, event from null', async () => {
    const { family, cg } = await party(1500);
    const date = daysAhead(5);
    const res = await requestBooking(t.app, family.headers, {
      ...panelBody(cg.caregiver.id, date, '9:00 PM', 3),
      notes: '  Two kids, one allergic to nuts.  ',
      status: 'completed',
      hourlyRate: '1',
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      status: 'pending',
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date,
      startTime: '21:00',
      endTime: '00:00',
      duration: 3,
      hourlyRate: '1500.00',
      subtotal: '4500.00',
      platformFee: '225.00',
      totalCost: '4725.00',
      notes: 'Two kids, one allergic to nuts.',
    });
    expect(new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()).toBe(3 * HOUR);
    expect(new Date(b.startsAt).toISOString()).toBe(new Date(`${date}T21:00:00-05:00`).toISOString());
    const ev = seen.find((e) => e.booking.id === b.id);
    expect(ev).toMatchObject({ from: null, to: 'pending', actorUserId: family.user.id });
    // The caregiver hears about it in-app and by e-mail.
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, cg.user.id));
    expect(notes.map((n) => n.title)).toContain('New booking request');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, cg.user.email));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('books from the confirmation screen (24-hour times, totalHours ignored)', async () => {
    const { family, cg } = await party(1500);
    const res = await requestBooking(t.app, family.headers, {
      familyId: 4,
      caregiverId: cg.caregiver.id,
      date: daysAhead(6),
      startTime: '09:00',
      endTime: '17:00',
      totalHours: 3,
      hourlyRate: 1500,
      totalAmount: 12,
      notes: 'x',
      status: 'confirmed',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      duration: 8,
      totalHours: 8,
      totalCost: '12600.00',
    });
  });

  it('refuses bad requests with clear 4xx messages', async () => {
    const { family, cg } = await party();
    const id = cg.caregiver.id;
    const cases: [Record<string, unknown>, number, string][] = [
      [panelBody(id, daysAhead(-1)), 400, BOOKING_MESSAGES.pastDate],
      [panelBody(id, daysAhead(3), '5:00 AM'), 400, BOOKING_MESSAGES.startHour],
      [panelBody(id, daysAhead(3), '10:00 PM'), 400, BOOKING_MESSAGES.startHour],
      [panelBody(id, daysAhead(3), '9:30 AM'), 400, BOOKING_MESSAGES.startHour],
      [panelBody(id, daysAhead(3), '9:00 AM', 5), 400, BOOKING_MESSAGES.duration],
      [
        { caregiverId: id, date: daysAhead(3), startTime: '10:00', endTime: '10:30' },
        400,
        BOOKING_MESSAGES.wholeHours,
      ],
      [
        { caregiverId: id, date: daysAhead(3), startTime: '10:00', endTime: '09:00' },
        400,
        BOOKING_MESSAGES.endAfterStart,
      ],
      [{ ...panelBody(id, daysAhead(3)), notes: 'a'.repeat(1001) }, 400, 'at most 1000'],
      [{ ...panelBody(id, '2025-02-30') }, 400, 'Use a date'],
      [panelBody(999_999, daysAhead(3)), 404, BOOKING_MESSAGES.caregiverNotFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await requestBooking(t.app, family.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const closed = await signedInCaregiver(t.db, { isAvailable: false });
    const res = await requestBooking(t.app, family.headers, panelBody(closed.caregiver.id, daysAhead(3)));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not taking bookings');
  });

  it('lets only signed-in families request', async () => {
    const { cg } = await party();
    const body = panelBody(cg.caregiver.id, daysAhead(3));
    expect((await requestBooking(t.app, {}, body)).statusCode).toBe(401);
    expect((await requestBooking(t.app, cg.headers, body)).statusCode).toBe(403);
    const admin = await signedIn(t.db, { userType: 'admin' });
    expect((await requestBooking(t.app, admin.headers, body)).statusCode).toBe(403);
  });

  it('never double-books: 20 families racing for overlapping slots give 1 success and 19 × 409', async () => {
    const cg = await signedInCaregiver(t.db);
    const families = [];
    for (let i = 0; i < 20; i++) families.push(await signedIn(t.db));
    const date = daysAhead(9);
    const starts = ['9:00 AM', '10:00 AM', '11:00 AM', '8:00 AM'];
    const results = await Promise.all(
      families.map((f, i) =>
        requestBooking(t.app, f.headers, panelBody(cg.caregiver.id, date, starts[i % 4], 4)),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    const odd = results.filter((r) => r.statusCode !== 201 && r.statusCode !== 409);
    expect(odd.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(BOOKING_MESSAGES.overlap);
    }
    // Back-to-back is fine; a declined booking frees its slot.
    const winner = results.find((r) => r.statusCode === 201)?.json();
    const after = await requestBooking(
      t.app,
      families[0].headers,
      panelBody(cg.caregiver.id, date, '3:00 PM', 1),
    );
    expect(after.statusCode).toBe(201);
    const decline = await t.injectAs(cg, { method: 'POST', url: `/api/bookings/${winner.id}/decline` });
    expect(decline.statusCode).toBe(200);
    const again = await requestBooking(
      t.app,
      families[1].headers,
      panelBody(cg.caregiver.id, date, '10:00 AM', 2),
    );
    expect(again.statusCode).toBe(201);
  });

  describe('state machine', () => {
    const post = (id: number, action: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers, payload: {} });

    async function bookingIn(
      status: 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'completed' | 'expired',
    ) {
      const { family, cg } = await party();
      const res = await requestBooking(
        t.app,
        family.headers,
        panelBody(cg.caregiver.id, daysAhead(10), '9:00 AM', 2),
      );
      const id = res.json().id as number;
      if (status === 'confirmed' || status === 'completed')
        expect((await post(id, 'accept', cg.headers)).statusCode).toBe(200);
      if (status === 'declined') expect((await post(id, 'decline', cg.headers)).statusCode).toBe(200);
      if (status === 'cancelled') expect((await post(id, 'cancel', family.headers)).statusCode).toBe(200);
      if (status === 'completed') {
        await shiftBooking(t.db, id, new Date(Date.now() - 5 * HOUR));
        expect((await post(id, 'complete', cg.headers)).statusCode).toBe(200);
      }
      if (status === 'expired') {
        await shiftBooking(t.db, id, new Date(Date.now() + 5 * HOUR), new Date(Date.now() - 25 * HOUR));
        await runJob(t.app, bookingLifecycleJob);
      }
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row.status).toBe(status);
      return { id, family, cg };
    }

    it('pending → confirmed records who and when, notifies the family, shows the phone', async () => {
      const { id, cg, family } = await bookingIn('pending');
      const before = await t.injectAs(cg, { method: 'GET', url: `/api/bookings/${id}` });
      expect(before.json().family.phone).toBeNull();
      const res = await post(id, 'accept', cg.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'confirmed', family: { phone: '876-555-0101' } });
      expect(res.json().confirmedAt).not.toBeNull();
      const events = await t.injectAs(family, { method: 'GET', url: `/api/bookings/${id}/events` });
      expect(events.json().map((e: { to: string }) => e.to)).toEqual(['pending', 'confirmed']);
      expect(events.json()[1].actorUserId).toBe(cg.user.id);
      const notes = await t.db.select().from(notifications).where(eq(notifications.userId, family.user.id));
      expect(notes.map((n) => n.title)).toContain('Booking confirmed');
      expect(seen.some((e) => e.booking.id === id && e.from === 'pending' && e.to === 'confirmed')).toBe(
        true,
      );
    });

    it('allows exactly the legal transitions; everything else is 409', async () => {
      const legal: Record<string, string[]> = {
        pending: ['accept', 'decline', 'cancel'],
        confirmed: ['cancel', 'complete'],
        declined: [],
        expired: [],
        cancelled: [],
        completed: [],
      };
      for (const [status, allowed] of Object.entries(legal)) {
        for (const action of ['accept', 'decline', 'cancel', 'complete']) {
          const b = await bookingIn(status as 'pending');
          if (status === 'confirmed' && action === 'complete') {
            await shiftBooking(t.db, b.id, new Date(Date.now() - 5 * HOUR));
          }
          const headers = action === 'cancel' ? b.family.headers : b.cg.headers;
          const res = await post(b.id, action, headers);
          expect(res.statusCode, `${status} → ${action}`).toBe(allowed.includes(action) ? 200 : 409);
        }
      }
    }, 120_000);

    it('refuses completion before the end, and acceptance of an expired request', async () => {
      const a = await bookingIn('confirmed');
      const res = await post(a.id, 'complete', a.cg.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('once it has ended');
      const b = await bookingIn('pending');
      await shiftBooking(t.db, b.id, new Date(Date.now() + 48 * HOUR), new Date(Date.now() - 25 * HOUR));
      expect((await post(b.id, 'accept', b.cg.headers)).statusCode).toBe(409);
    });

    it('lets a caregiver cancel a confirmed booking and the family a pending one', async () => {
      const a = await bookingIn('confirmed');
      const res = await post(a.id, 'cancel', a.cg.headers);
      expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: a.cg.user.id });
      const b = await bookingIn('pending');
      expect((await post(b.id, 'cancel', b.family.headers)).json().cancelledBy).toBe(b.family.user.id);
    });

    it('refuses strangers on every booking route', async () => {
      const { id, family, cg } = await bookingIn('pending');
      const otherFamily = await signedIn(t.db);
      const otherCg = await signedInCaregiver(t.db);
      for (const who of [otherFamily, otherCg]) {
        const get = await t.injectAs(who, { method: 'GET', url: `/api/bookings/${id}` });
        expect(get.statusCode).toBe(404);
        const events = await t.injectAs(who, { method: 'GET', url: `/api/bookings/${id}/events` });
        expect(events.statusCode).toBe(404);
        for (const action of ['accept', 'decline', 'cancel', 'complete']) {
          expect([403, 404]).toContain((await post(id, action, who.headers)).statusCode);
        }
        const list = await t.injectAs(who, { method: 'GET', url: '/api/bookings' });
        expect(list.json().map((b: { id: number }) => b.id)).not.toContain(id);
      }
      // The family cannot act as the caregiver.
      expect((await post(id, 'accept', family.headers)).statusCode).toBe(403);
      expect((await post(id, 'complete', family.headers)).statusCode).toBe(403);
      const theirs = await t.injectAs(otherFamily, {
        method: 'GET',
        url: `/api/bookings/family/${family.user.id}`,
      });
      expect(theirs.statusCode).toBe(403);
      const own = await t.injectAs(family, { method: 'GET', url: `/api/bookings/family/${family.user.id}` });
      expect(own.json().map((b: { id: number }) => b.id)).toContain(id);
      expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${id}` })).statusCode).toBe(401);
      const mine = await t.injectAs(cg, { method: 'GET', url: '/api/bookings?status=pending' });
      expect(mine.json().map((b: { id: number }) => b.id)).toEqual([id]);
    });

    it('the lifecycle job expires unanswered requests and completes bookings 24 h after the end', async () => {
      const a = await bookingIn('pending');
      await shiftBooking(
        t.db,
        a.id,
        new Date(Date.now() + 3 * HOUR),
        new Date(Date.now() - 24 * HOUR - 60_000),
      );
      const b = await bookingIn('confirmed');
      await shiftBooking(t.db, b.id, new Date(Date.now() - 27 * HOUR));
      const c = await bookingIn('confirmed');
      await shiftBooking(t.db, c.id, new Date(Date.now() - 10 * HOUR));
      const { ran, result } = await runJob(t.app, bookingLifecycleJob, new Date());
      expect(ran).toBe(true);
      expect(result).toMatchObject({ expired: expect.any(Number), completed: expect.any(Number) });
      const rows = await t.db.select().from(bookings);
      const status = (id: number) => rows.find((r) => r.id === id)?.status;
      expect(status(a.id)).toBe('expired');
      expect(status(b.id)).toBe('completed');
      expect(status(c.id)).toBe('confirmed');
      expect(rows.find((r) => r.id === b.id)?.completedAt).not.toBeNull();
      expect(seen.some((e) => e.booking.id === b.id && e.to === 'completed' && e.actorUserId === null)).toBe(
        true,
      );
      // Run again: nothing left to do.
      const second = await runJob(t.app, bookingLifecycleJob, new Date());
      expect(second.result).toEqual({ expired: 0, completed: 0 });
    });
  });
});
