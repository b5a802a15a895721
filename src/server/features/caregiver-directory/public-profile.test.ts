import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createApprovedVerification,
  createCaregiver,
  createUser,
  loginToken,
} from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('caregiver profiles on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  let listed: Awaited<ReturnType<typeof createCaregiver>>;
  let unavailable: Awaited<ReturnType<typeof createCaregiver>>;
  let inactive: Awaited<ReturnType<typeof createCaregiver>>;
  let suspended: Awaited<ReturnType<typeof createCaregiver>>;

  beforeAll(async () => {
    const db = t.database.db;
    listed = await createCaregiver(db, {
      user: {
        firstName: 'Shanique',
        lastName: 'williams',
        location: 'Kingston',
        parish: 'Kingston',
        phone: '+18765550111',
        isVerified: true,
        profileImageUrl: '/avatars/shanique.svg',
      },
      hourlyRate: 1500,
      experience: 8,
      averageRating: 4.75,
      totalReviews: 4,
      kinds: ['child-care'],
      skills: ['Infant Care'],
      certifications: ['CPR Certified'],
      availability: ['Weekdays'],
      bio: 'Warm nanny.',
      createdAt: new Date('2025-03-01T12:00:00Z'),
    });
    await createApprovedVerification(db, listed.user.id);
    unavailable = await createCaregiver(db, { user: { firstName: 'Ushi' }, isAvailable: false });
    inactive = await createCaregiver(db, { user: { firstName: 'Ina' }, isActive: false });
    suspended = await createCaregiver(db, { user: { firstName: 'Sue', suspendedAt: new Date() } });
  });

  it('GET /api/caregivers/{id}: nested user and the flat fields of the confirmation screen, nothing private', async () => {
    const res = await get(`/api/caregivers/${listed.caregiver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: listed.caregiver.id,
      user: {
        firstName: 'Shanique',
        lastName: 'W',
        profileImageUrl: '/avatars/shanique.svg',
        location: 'Kingston',
      },
      parish: 'Kingston',
      kinds: ['child-care'],
      isVerified: true,
      bio: 'Warm nanny.',
      experience: 8,
      hourlyRate: '1500.00',
      averageRating: '4.75',
      totalReviews: 4,
      skills: ['Infant Care'],
      certifications: ['CPR Certified'],
      availability: ['Weekdays'],
      verifiedFacts: ['identity', 'address', 'background_check', 'references', 'phone'].map((kind) => ({
        kind,
        verifiedAt: expect.any(String),
      })),
      nextAvailableAt: expect.any(String),
      userId: listed.user.id,
      firstName: 'Shanique',
      lastName: 'W',
      profileImageUrl: '/avatars/shanique.svg',
      location: 'Kingston',
      isAvailable: true,
      createdAt: '2025-03-01T12:00:00.000Z',
      // No visit counted yet (ADR 0035): zeros, the neutral score, never computed.
      reliability: {
        completed: 0,
        lateCancellations: 0,
        noShows: 0,
        checkIns: 0,
        onTimeCheckIns: 0,
        score: 0.9,
        windowMonths: 12,
        computedAt: null,
      },
    });
    expect(res.body).not.toContain(listed.user.email);
    expect(res.body).not.toContain('5550111');
  });

  it('GET /api/caregivers/user/{userId}: the same profile; 404 means no profile', async () => {
    const res = await get(`/api/caregivers/user/${listed.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(listed.caregiver.id);
    const family = await createUser(t.database.db, { userType: 'family' });
    for (const url of [`/api/caregivers/user/${family.id}`, '/api/caregivers/user/999999']) {
      const none = await get(url);
      expect(none.statusCode, url).toBe(404);
      expect(none.json().message).toBe('Caregiver not found');
    }
  });

  it('shows a profile whose "available for bookings" switch is off, as not bookable', async () => {
    const res = await get(`/api/caregivers/${unavailable.caregiver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isAvailable).toBe(false);
  });

  it('hides inactive and suspended profiles (404) from visitors and other users', async () => {
    const family = await createUser(t.database.db, { userType: 'family' });
    const familyAuth = bearer(await loginToken(t.app, family.email));
    for (const c of [inactive, suspended]) {
      for (const url of [`/api/caregivers/${c.caregiver.id}`, `/api/caregivers/user/${c.user.id}`]) {
        for (const headers of [{}, familyAuth]) {
          const res = await get(url, headers);
          expect(res.statusCode, url).toBe(404);
          expect(res.json().message).toBe('Caregiver not found');
        }
      }
    }
  });

  it('lets owners and admins see a hidden profile (the dashboard must not think it is missing)', async () => {
    const owner = bearer(await loginToken(t.app, inactive.user.email));
    expect((await get(`/api/caregivers/user/${inactive.user.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/caregivers/${inactive.caregiver.id}`, owner)).statusCode).toBe(200);
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const adminAuth = bearer(await loginToken(t.app, admin.email));
    expect((await get(`/api/caregivers/${suspended.caregiver.id}`, adminAuth)).statusCode).toBe(200);
  });

  it.each([
    ['/api/caregivers/999999', 404],
    ['/api/caregivers/abc', 400],
    ['/api/caregivers/0', 400],
    ['/api/caregivers/-3', 400],
    ['/api/caregivers/1.5', 400],
    ['/api/caregivers/99999999999', 400],
    ['/api/caregivers/user/abc', 400],
    ['/api/caregivers/user/99999999999', 400],
  ])('%s → %i with a message', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(status === 404 ? 'Caregiver not found' : expect.any(String));
  });
});
