import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { bookings, caregivers } from '../../db/schema';
import { bearer, createUser, loginToken, type UserOverrides } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

async function createCaregiver(db: Tx, user: UserOverrides = {}, profile: { isActive?: boolean } = {}) {
  const u = await createUser(db, { userType: 'caregiver', ...user });
  const [row] = await db
    .insert(caregivers)
    .values({ userId: u.id, hourlyRate: '1200.00', isActive: profile.isActive ?? true })
    .returning();
  return row;
}

async function createBooking(db: Tx, familyId: number, caregiverId: number, status: 'completed' | 'pending') {
  await db.insert(bookings).values({
    familyId,
    caregiverId,
    date: '2025-08-01',
    startTime: '09:00',
    endTime: '11:00',
    duration: 2,
    startsAt: new Date('2025-08-01T14:00:00Z'),
    endsAt: new Date('2025-08-01T16:00:00Z'),
    hourlyRate: '1200.00',
    platformFee: '120.00',
    totalCost: '2520.00',
    status,
  });
}

describe.each(DB_KINDS)('GET /api/stats/public on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/stats/public', headers });

  it('answers zeros on an empty database', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caregivers: 0, families: 0, completedBookings: 0, parishes: 0 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('counts active caregivers, families, completed bookings and the parishes caregivers live in', async () => {
    const db = t.database.db;
    const kingston = await createCaregiver(db, { parish: 'Kingston' });
    await createCaregiver(db, { parish: 'St. James', location: 'Montego Bay' });
    await createCaregiver(db, { parish: 'St. James', location: 'Montego Bay' });
    // Not counted: a hidden profile, a suspended account (and their parishes).
    await createCaregiver(db, { parish: 'Portland' }, { isActive: false });
    await createCaregiver(db, { parish: 'Hanover', suspendedAt: new Date() });
    // A caregiver account without a profile is not a caregiver anyone can find.
    await createUser(db, { userType: 'caregiver', parish: 'Manchester' });

    const family = await createUser(db, { userType: 'family' });
    await createUser(db, { userType: 'family' });
    await createUser(db, { userType: 'family', suspendedAt: new Date() });
    await createUser(db, { userType: 'admin' });

    await createBooking(db, family.id, kingston.id, 'completed');
    await createBooking(db, family.id, kingston.id, 'completed');
    await createBooking(db, family.id, kingston.id, 'pending');

    const res = await get();
    expect(res.json()).toEqual({ caregivers: 3, families: 2, completedBookings: 2, parishes: 2 });
  });

  it('is the same answer for a signed-in user, and refuses writes', async () => {
    const user = await createUser(t.database.db, { userType: 'family' });
    const visitor = (await get()).json();
    const signedIn = await get(bearer(await loginToken(t.app, user.email)));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(visitor);
    const post = await t.app.inject({ method: 'POST', url: '/api/stats/public', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
