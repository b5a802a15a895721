import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '../../shared/booking-series';
import { jamaicaToday } from '../../shared/time';
import { ledgerEntries, payments, users } from '../db/schema';
import { sessions } from '../features/auth/sessions';
import { bearer } from '../test/factories';
import { DB_KINDS, useTestApp } from '../test/harness';
import { DEMO_COORDINATOR_EMAIL, DEMO_FAMILY_EMAIL, DEMO_PAYER_EMAIL, seedDemoDataIfEmpty } from './index';

type Visit = {
  id: number;
  date: string;
  status: string;
  totalCost: string;
  hourlyRate: string;
  seriesId: number | null;
};

/** The demo weekly series (issue 19): Gloria's afternoons, seen through the API by the circle and the carer. */
describe.each(DB_KINDS.slice(0, 1))('the demo weekly series on %s', (kind) => {
  const t = useTestApp(kind);
  const now = new Date();
  const as = async (where: { email?: string; id?: number }) => {
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(where.email ? eq(users.email, where.email) : eq(users.id, where.id ?? 0));
    return { user: u, headers: bearer(await sessions.create(t.database.db, u.id, {})) };
  };
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    await seedDemoDataIfEmpty(t.database.db, { passwordHash: 'not-used-here', now });
  });

  it('Simone abroad and Devon see the accepted series, past visits completed and the rest confirmed', async () => {
    const today = jamaicaToday(now);
    for (const email of [DEMO_PAYER_EMAIL, DEMO_COORDINATOR_EMAIL]) {
      const who = await as({ email });
      const list: Visit[] = (await get('/api/bookings', who.headers)).json();
      const seriesId = list.find((b) => b.seriesId !== null)?.seriesId;
      expect(seriesId).toBeDefined();
      const res = await get(`/api/booking-series/${seriesId}`, who.headers);
      expect(res.statusCode).toBe(200);
      const s = res.json();
      expect(s).toMatchObject({ status: 'accepted', weekdays: [1, 3, 5], startTime: '15:00', hours: 3 });
      const visits: Visit[] = s.bookings;
      expect(visits.length).toBeGreaterThanOrEqual(20);
      for (const v of visits) {
        expect([1, 3, 5]).toContain(isoWeekday(v.date));
        expect(v.status).toBe(v.date < today ? 'completed' : v.date === today ? 'cancelled' : 'confirmed');
      }
      expect(visits.filter((v) => v.status === 'completed').length).toBeGreaterThanOrEqual(7);
      expect(visits.filter((v) => v.status === 'confirmed').length).toBeGreaterThanOrEqual(15);
    }
  });

  it('the most recent visit has a full log, read by the circle and the carer; nobody else', async () => {
    const payer = await as({ email: DEMO_PAYER_EMAIL });
    const list: Visit[] = (await get('/api/bookings', payer.headers)).json();
    const seriesId = list.find((b) => b.seriesId !== null)?.seriesId;
    const s = (await get(`/api/booking-series/${seriesId}`, payer.headers)).json();
    const last = s.bookings.filter((v: Visit) => v.status === 'completed').at(-1);
    const log = await get(`/api/bookings/${last.id}/log`, payer.headers);
    expect(log.statusCode).toBe(200);
    const body = log.json();
    expect(body.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'check_in',
      'meal',
      'vitals',
      'activity',
      'medication',
      'check_out',
    ]);
    expect(new Date(body.checkedInAt).getTime()).toBeLessThan(new Date(last.startsAt).getTime());
    expect(new Date(body.checkedOutAt).getTime()).toBeGreaterThan(new Date(last.endsAt).getTime());
    const [checkIn, , vitals, , medication, checkOut] = body.entries;
    expect(checkIn.locationAccuracyM).toBe(18);
    expect(checkOut.locationAccuracyM).toBe(15);
    expect(vitals.details).toEqual({ bloodPressure: '132/84', glucose: 7.2, temperature: 36.7 });
    expect(medication.details).toMatchObject({ name: 'Metformin', dose: '500 mg', time: '17:00' });
    // Only the older visits: no log (the one with a log is the most recent).
    const older = s.bookings.filter((v: Visit) => v.status === 'completed').at(0);
    expect((await get(`/api/bookings/${older.id}/log`, payer.headers)).json().entries).toEqual([]);

    // The carer sees the series and her log; the demo family is a stranger to both.
    const carer = await as({ id: s.bookings[0].caregiver.userId });
    expect(carer.user.userType).toBe('caregiver');
    expect((await get(`/api/booking-series/${seriesId}`, carer.headers)).statusCode).toBe(200);
    expect((await get(`/api/bookings/${last.id}/log`, carer.headers)).json().entries).toHaveLength(6);
    const stranger = await as({ email: DEMO_FAMILY_EMAIL });
    expect((await get(`/api/booking-series/${seriesId}`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`/api/bookings/${last.id}/log`, stranger.headers)).statusCode).toBe(404);
  });

  it('the numbers add up: priced by the fee rule, paid by Simone, each visit’s ledger balanced', async () => {
    const payer = await as({ email: DEMO_PAYER_EMAIL });
    const list: Visit[] = (await get('/api/bookings', payer.headers)).json();
    const visits = list.filter((b) => b.seriesId !== null);
    for (const v of visits) {
      const subtotal = Number(v.hourlyRate) * 3;
      expect(Number(v.totalCost)).toBe(subtotal + Math.round(subtotal * 0.05));
    }
    const ids = visits.map((v) => v.id);
    const paid = await t.database.db.select().from(payments).where(inArray(payments.bookingId, ids));
    const byBooking = new Map(paid.map((p) => [p.bookingId, p]));
    for (const v of visits) {
      const p = byBooking.get(v.id);
      if (v.status === 'cancelled') expect(p).toBeUndefined();
      else {
        expect(p).toMatchObject({ familyId: payer.user.id, amount: v.totalCost });
        expect(p?.status).toBe(v.status === 'completed' ? 'captured' : 'authorized');
      }
    }
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.bookingId, ids));
    for (const id of ids) {
      const cents = entries
        .filter((e) => e.bookingId === id)
        .reduce((n, e) => n + Math.round(Number(e.amount) * 100), 0);
      expect(cents).toBe(0);
    }
    const earned = entries
      .filter((e) => e.kind === 'caregiver_earning')
      .reduce((n, e) => n + Math.round(Number(e.amount) * 100), 0);
    const done = visits.filter((v) => v.status === 'completed');
    expect(earned).toBe(done.reduce((n, v) => n + Number(v.hourlyRate) * 3 * 100, 0));
  });
});
