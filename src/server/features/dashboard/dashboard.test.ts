import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../shared/time';
import { bookings, messages } from '../../db/schema';
import { created, insertBooking, transition } from '../../test/engagement';
import { bearer, createCaregiver, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

const DAY = 86_400_000;
const MIN = 60_000;

describe.each(DB_KINDS)('dashboards on %s', (kind) => {
  const t = useTestApp(kind);
  let carer: Awaited<ReturnType<typeof createCaregiver>>;
  let otherCarer: Awaited<ReturnType<typeof createCaregiver>>;
  let family: Awaited<ReturnType<typeof createUser>>;
  const tokens: Record<string, string> = {};
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    carer = await createCaregiver(t.db, { user: { firstName: 'Shanique' }, hourlyRate: 1800 });
    otherCarer = await createCaregiver(t.db);
    family = await createUser(t.db, { firstName: 'Marcia', phone: '+18765550123', location: 'Kingston' });
    const admin = await createUser(t.db, { userType: 'admin' });
    tokens.carer = await loginToken(t.app, carer.user.email);
    tokens.other = await loginToken(t.app, otherCarer.user.email);
    tokens.family = await loginToken(t.app, family.email);
    tokens.admin = await loginToken(t.app, admin.email);
  });

  it('refuses other caregivers, families and visitors; allows the caregiver and an admin', async () => {
    const id = carer.caregiver.id;
    expect((await get(`/api/caregiver/${id}/dashboard`, tokens.other)).statusCode).toBe(403);
    expect((await get(`/api/caregiver/${id}/dashboard`, tokens.family)).statusCode).toBe(403);
    expect((await get('/api/caregiver/dashboard', tokens.family)).statusCode).toBe(403);
    expect((await get(`/api/caregiver/${id}/dashboard`)).statusCode).toBe(401);
    expect((await get('/api/caregiver/dashboard')).statusCode).toBe(401);
    expect((await get(`/api/caregiver/${id}/dashboard`, tokens.carer)).statusCode).toBe(200);
    expect((await get(`/api/caregiver/${id}/dashboard`, tokens.admin)).statusCode).toBe(200);
    expect((await get('/api/caregiver/999999/dashboard', tokens.admin)).statusCode).toBe(404);
    expect((await get('/api/caregiver/abc/dashboard', tokens.admin)).statusCode).toBe(400);
    expect((await get('/api/family/dashboard', tokens.carer)).statusCode).toBe(403);
  });

  it('shows figures equal to what the bookings say, kept by the booking events', async () => {
    const c = carer.caregiver.id;
    const now = Date.now();
    const made: { id: number }[] = [];
    const plan = [
      { to: 'completed', hours: 3, daysAgo: 5 },
      { to: 'completed', hours: 4, daysAgo: 4 },
      { to: 'completed', hours: 2, daysAgo: 3 },
      { to: 'declined', hours: 2, daysAgo: -3 },
      { to: 'confirmed', hours: 6, daysAgo: -5 },
      { to: 'pending', hours: 1, daysAgo: -6 },
    ] as const;
    for (const p of plan) {
      const startsAt = new Date(now - p.daysAgo * DAY);
      const b = await insertBooking(t.db, {
        familyId: family.id,
        caregiverId: c,
        status: 'pending',
        startsAt,
        hours: p.hours,
        hourlyRate: 1800,
        createdAt: new Date(Math.min(startsAt.getTime(), now) - 3 * DAY),
      });
      made.push(b);
      await created(t.app, b.id);
      const answerAt = new Date(b.createdAt.getTime() + (10 + made.length * 10) * MIN);
      if (p.to === 'completed') {
        await transition(t.app, b.id, 'confirmed', carer.user.id, answerAt);
        await transition(t.app, b.id, 'completed', null, new Date(b.endsAt.getTime() + MIN));
      } else if (p.to !== 'pending') {
        await transition(t.app, b.id, p.to, carer.user.id, answerAt);
      }
    }
    const rows = await t.db.select().from(bookings).where(eq(bookings.caregiverId, c));
    const done = rows.filter((b) => b.status === 'completed');
    const hours = done.reduce((s, b) => s + b.duration, 0);
    const earnings = done.reduce((s, b) => s + Number(b.hourlyRate) * b.duration, 0);

    // An admin's view changes nothing: these figures are what the events left.
    const res = await get(`/api/caregiver/${c}/dashboard`, tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toMatchObject({
      totalBookings: rows.length,
      completedBookings: done.length,
      totalHours: hours,
      totalEarnings: earnings.toFixed(2),
      // Of the bookings accepted that reached an end: the decline, the pending request and the upcoming
      // booking do not count, so 3 completed of 3 is 100%.
      completionRate: 100,
      averagePerHour: Math.round(earnings / hours),
      pendingBookings: 1,
      upcomingBookings: 1,
    });
    expect(body.stats.totalEarnings).toBe('16200.00');
    // Answers after 20, 30, 40, 50, 60 minutes (accepts and the decline): the median is 40.
    expect(body.stats).toMatchObject({ responseTime: 40, responseSamples: 5 });
    // The caregiver's own visit: the same figures, and today becomes an active day.
    const own = (await get('/api/caregiver/dashboard', tokens.carer)).json().stats;
    const { streakDays: _a, lastActiveDate: _b, longestStreak: _c, ...figures } = body.stats;
    expect(own).toMatchObject(figures);
    expect(own.streakDays).toBeGreaterThanOrEqual(1);
    expect(own.lastActiveDate).toBe(jamaicaToday());
    expect(body.badges.map((b: { badge: { name: string } }) => b.badge.name)).toContain('First Booking');
    expect(body.achievements.length).toBeLessThanOrEqual(6);
    expect(body.nextAchievements).toHaveLength(2);
    expect(body.nextAchievements[0].progress).toBeGreaterThanOrEqual(body.nextAchievements[1].progress);
    expect(body.nextAchievements[0].progress).toBeLessThan(100);
    expect(body.recentActivity.length).toBeLessThanOrEqual(3);
    // The pending request first, with Accept/Decline; the family's phone only on confirmed or completed.
    expect(body.recentBookings[0]).toMatchObject({
      status: 'pending',
      family: { firstName: 'Marcia', phone: null },
    });
    const confirmed = body.recentBookings.find((b: { status: string }) => b.status === 'confirmed');
    expect(confirmed.family.phone).toBe('+18765550123');
    expect(confirmed).toMatchObject({ hourlyRate: '1800.00', totalHours: 6 });
    // The caregiver's own earnings are the subtotal the ledger pays out; the 5% fee is the family's.
    expect(confirmed).toMatchObject({ earnings: '10800.00', platformFee: '540.00', rate: '11340.00' });
    expect(body.caregiver).toMatchObject({ id: c, firstName: 'Shanique' });
  });

  it("measures response time over a family's first messages too (median, last 90 days)", async () => {
    const c = await createCaregiver(t.db);
    const f = await createUser(t.db);
    const token = await loginToken(t.app, c.user.email);
    const base = Date.now() - 2 * DAY;
    const msg = (from: number, to: number, minutes: number) =>
      t.db
        .insert(messages)
        .values({ senderId: from, receiverId: to, content: 'hi', createdAt: new Date(base + minutes * MIN) });
    await msg(f.id, c.user.id, 0); // first message: answered at 15
    await msg(f.id, c.user.id, 5); // same turn: not a new first message
    await msg(c.user.id, f.id, 15);
    await msg(f.id, c.user.id, 100); // a new turn: answered at 190 (90 minutes)
    await msg(c.user.id, f.id, 190);
    await msg(f.id, c.user.id, 300); // unanswered: does not count
    // 100 days ago, answered after 30 minutes: outside the window.
    await t.db.insert(messages).values([
      {
        senderId: f.id,
        receiverId: c.user.id,
        content: 'old',
        createdAt: new Date(Date.now() - 100 * DAY),
      },
      {
        senderId: c.user.id,
        receiverId: f.id,
        content: 'old',
        createdAt: new Date(Date.now() - 100 * DAY + 30 * MIN),
      },
    ]);
    const body = (await get('/api/caregiver/dashboard', token)).json();
    expect(body.stats).toMatchObject({ responseSamples: 2, responseTime: 53 });
  });

  it('gives families their bookings, spending, unread messages, completeness, favourites and categories', async () => {
    const f = await createUser(t.db, { phone: null, location: 'Kingston' });
    const token = await loginToken(t.app, f.email);
    const c = await createCaregiver(t.db, { kinds: ['senior-care'], availability: ['Overnight'] });
    const past = await insertBooking(t.db, {
      familyId: f.id,
      caregiverId: c.caregiver.id,
      status: 'confirmed',
      hours: 2,
      hourlyRate: 1000,
      startsAt: new Date(Date.now() - 2 * DAY),
    });
    // Completion posts the charge to the ledger: 2 h × 1,000 + 5% fee.
    await transition(t.app, past.id, 'completed', c.user.id);
    await insertBooking(t.db, {
      familyId: f.id,
      caregiverId: c.caregiver.id,
      status: 'confirmed',
      startsAt: new Date(Date.now() + 2 * DAY),
    });
    await insertBooking(t.db, {
      familyId: f.id,
      caregiverId: c.caregiver.id,
      status: 'confirmed',
      startsAt: new Date(Date.now() - 9 * DAY),
    });
    await t.db.insert(messages).values([
      { senderId: c.user.id, receiverId: f.id, content: 'a' },
      { senderId: c.user.id, receiverId: f.id, content: 'b', isRead: true, readAt: new Date() },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/favourites/${c.caregiver.id}`,
      headers: bearer(token),
    });
    expect(put.statusCode).toBe(200);
    const body = (await get('/api/family/dashboard', token)).json();
    expect(body.upcomingBookings).toHaveLength(1);
    expect(body.pastBookings).toEqual([
      expect.objectContaining({ id: past.id, canReview: true, review: null }),
    ]);
    expect(body.spending.total).toBe('2100.00');
    expect(body.unreadMessages).toBe(1);
    expect(body.profile.completeness).toBe(60);
    expect(body.profile.missing.map((m: { field: string }) => m.field).sort()).toEqual([
      'phone',
      'profileImageUrl',
    ]);
    expect(body.favourites.map((x: { id: number }) => x.id)).toEqual([c.caregiver.id]);
    const cats = Object.fromEntries(
      body.careCategories.map((x: { key: string; count: number }) => [x.key, x.count]),
    );
    const listed = await t.database.db.execute(
      (await import('drizzle-orm')).sql`select
        count(*) filter (where 'senior-care' = any(kinds))::int as senior,
        count(*) filter (where 'Overnight' = any(availability))::int as overnight
        from caregivers where is_listed`,
    );
    const expected = (listed as unknown as { rows: { senior: number; overnight: number }[] }).rows[0];
    expect(cats['senior-care']).toBe(expected.senior);
    expect(cats.overnight).toBe(expected.overnight);
    expect(cats['senior-care']).toBeGreaterThanOrEqual(1);
  });
  it('counts the completion rate over accepted bookings that ended: a family cancelling does not count', async () => {
    const c = await createCaregiver(t.db);
    const f = await createUser(t.db);
    const token = await loginToken(t.app, c.user.email);
    const now = Date.now();
    const plan = [
      { to: 'completed', daysAgo: 9 },
      { to: 'completed', daysAgo: 8 },
      { to: 'completed', daysAgo: 7 },
      { to: 'cancelled-by-caregiver', daysAgo: -4 },
      { to: 'cancelled-by-family', daysAgo: -5 },
      { to: 'pending', daysAgo: -6 },
      { to: 'confirmed', daysAgo: -7 },
      { to: 'declined', daysAgo: -8 },
    ] as const;
    for (const p of plan) {
      const startsAt = new Date(now - p.daysAgo * DAY);
      const b = await insertBooking(t.db, {
        familyId: f.id,
        caregiverId: c.caregiver.id,
        status: 'pending',
        startsAt,
        hours: 2,
        createdAt: new Date(Math.min(startsAt.getTime(), now) - 3 * DAY),
      });
      await created(t.app, b.id);
      if (p.to === 'pending') continue;
      if (p.to === 'declined') {
        await transition(t.app, b.id, 'declined', c.user.id);
        continue;
      }
      await transition(t.app, b.id, 'confirmed', c.user.id, new Date(b.createdAt.getTime() + 10 * MIN));
      if (p.to === 'completed')
        await transition(t.app, b.id, 'completed', null, new Date(b.endsAt.getTime() + MIN));
      if (p.to === 'cancelled-by-caregiver') await transition(t.app, b.id, 'cancelled', c.user.id);
      if (p.to === 'cancelled-by-family') await transition(t.app, b.id, 'cancelled', f.id);
    }
    const stats = (await get('/api/caregiver/dashboard', token)).json().stats;
    // 3 completed of 4 accepted bookings that ended (3 completed + 1 the caregiver cancelled): 75%,
    // where completed / total would say 3 / 8 = 37.5%.
    expect(stats).toMatchObject({ completedBookings: 3, totalBookings: 8, completionRate: 75 });
  });

  it('greets a family with "Welcome" on the first sign-in and "Welcome back" only after an earlier one', async () => {
    const f = await createUser(t.db);
    const first = await loginToken(t.app, f.email);
    expect((await get('/api/family/dashboard', first)).json().signedInBefore).toBe(false);
    const second = await loginToken(t.app, f.email);
    expect((await get('/api/family/dashboard', second)).json().signedInBefore).toBe(true);
  });
});
