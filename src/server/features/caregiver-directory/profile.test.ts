import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CaregiverSearchQuery,
  SEARCH_TEXT_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
} from '../../../shared/contracts/caregivers';
import { seedBulkCaregivers } from '../../db/demo-data';
import { AVAILABILITY_FACETS, KIND_FACETS, QUALIFICATION_FACETS } from '../../db/schema';
import {
  bearer,
  createApprovedVerification,
  createCaregiver,
  createUser,
  loginToken,
} from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { createCaregiverDirectoryService } from './service';

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

describe.each(DB_KINDS)('urgent=true on %s', (kind) => {
  const t = useTestApp(kind);
  const ids: Record<string, number> = {};
  const query = CaregiverSearchQuery.parse({ urgent: 'true', sort: 'rate_asc' });
  const search = async (now: Date) => {
    const service = createCaregiverDirectoryService({ db: t.database.db, now: () => now });
    const found = (JSON.parse((await service.search(query)).json) as { id: number }[]).map((c) => c.id);
    return Object.entries(ids)
      .filter(([, id]) => found.includes(id))
      .map(([name]) => name)
      .join(' ');
  };

  beforeAll(async () => {
    const db = t.database.db;
    const make = async (name: string, hourlyRate: number, availability: string[]) => {
      ids[name] = (
        await createCaregiver(db, { user: { firstName: name }, hourlyRate, availability })
      ).caregiver.id;
    };
    await make('now', 1000, ['Available Now', 'Weekends']);
    await make('weekdays', 1100, ['Weekdays', 'Mornings']);
    await make('weekends', 1200, ['Weekends']);
    await make('slots', 1300, ['Monday Morning']);
  });

  it("lists 'Available Now' at any hour, and weekday caregivers during Jamaica's working hours", async () => {
    expect(await search(new Date('2025-07-14T15:00:00Z'))).toBe('now weekdays'); // Monday 10:00 in Jamaica
    expect(await search(new Date('2025-07-14T22:00:00Z'))).toBe('now'); // Monday 17:00
    expect(await search(new Date('2025-07-14T13:59:00Z'))).toBe('now'); // Monday 08:59
    expect(await search(new Date('2025-07-19T15:00:00Z'))).toBe('now'); // Saturday 10:00
    expect(await search(new Date('2025-07-18T21:59:00Z'))).toBe('now weekdays'); // Friday 16:59
  });

  it("answers over HTTP with at least the 'Available Now' caregivers", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?urgent=true' });
    expect(res.statusCode).toBe(200);
    const found = res.json().map((c: { id: number }) => c.id);
    expect(found).toContain(ids.now);
    expect(found).not.toContain(ids.weekends);
    expect(found).not.toContain(ids.slots);
  });
});

describe.each(DB_KINDS)('the search facets on %s', (kind) => {
  const t = useTestApp(kind);

  it('are written by the database with the same bits as the server reads (migration 0003 ≡ schema lists)', async () => {
    const { caregiver } = await createCaregiver(t.database.db, {
      kinds: [...KIND_FACETS],
      availability: [...AVAILABILITY_FACETS],
      skills: QUALIFICATION_FACETS.slice(0, 10),
      certifications: QUALIFICATION_FACETS.slice(10),
    });
    const result = (await t.database.db.execute(
      sql`select kinds_mask, availability_mask, qualifications_mask::text as q from caregivers where id = ${caregiver.id}`,
    )) as unknown as { rows: { kinds_mask: number; availability_mask: number; q: string }[] };
    const all = (n: number) => (1n << BigInt(n)) - 1n;
    expect(BigInt(result.rows[0].kinds_mask)).toBe(all(KIND_FACETS.length));
    expect(BigInt(result.rows[0].availability_mask)).toBe(all(AVAILABILITY_FACETS.length));
    expect(BigInt(result.rows[0].q)).toBe(all(QUALIFICATION_FACETS.length));
    // And each value alone sets its own bit: the order matches too.
    for (const [i, value] of AVAILABILITY_FACETS.entries()) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?availability=${encodeURIComponent(value)}`,
      });
      expect(
        res.json().map((c: { id: number }) => c.id),
        value,
      ).toEqual([caregiver.id]);
      expect(i).toBeLessThan(31);
    }
    for (const value of [...KIND_FACETS.slice(0, 3), ...QUALIFICATION_FACETS.slice(8, 14)]) {
      const param = (KIND_FACETS as readonly string[]).includes(value) ? 'type' : 'skills';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?${param}=${encodeURIComponent(value)}`,
      });
      expect(
        res.json().map((c: { id: number }) => c.id),
        value,
      ).toEqual([caregiver.id]);
    }
  });
});

describe.each(DB_KINDS)('the total beyond %s matches', (kind) => {
  const t = useTestApp(kind);
  let listedCount = 0;

  beforeAll(async () => {
    await seedBulkCaregivers(t.database.db, 1150, {
      runId: 'cap',
      passwordHash: 'x',
      now: new Date('2025-07-01'),
    });
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from caregivers where is_listed`,
    )) as unknown as { rows: { n: number }[] };
    listedCount = result.rows[0].n;
  }, 120_000);

  it(`is exact up to ${SEARCH_TOTAL_CAP}, then a lower bound flagged X-Total-Count-Exact: false`, async () => {
    expect(listedCount).toBeGreaterThan(Math.max(1014, SEARCH_TOTAL_CAP));
    const first = await t.app.inject({ method: 'GET', url: '/api/caregivers/search' });
    expect(first.headers['x-total-count']).toBe(String(SEARCH_TOTAL_CAP));
    expect(first.headers['x-total-count-exact']).toBe('false');
    // Far pages count up to their end, so 'next' keeps working.
    const far = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?offset=990&limit=24' });
    expect(far.json()).toHaveLength(24);
    expect(far.headers['x-total-count']).toBe('1014');
    expect(far.headers['x-total-count-exact']).toBe('false');
    // The last page knows the exact total.
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/caregivers/search?offset=${listedCount - 10}&limit=50`,
    });
    expect(last.json()).toHaveLength(10);
    expect(last.headers['x-total-count']).toBe(String(listedCount));
    expect(last.headers['x-total-count-exact']).toBe('true');
    // Narrow searches stay exact.
    const narrow = await t.app.inject({
      method: 'GET',
      url: '/api/caregivers/search?parish=Hanover&limit=50',
    });
    expect(narrow.headers['x-total-count-exact']).toBe('true');
    expect(Number(narrow.headers['x-total-count'])).toBe(narrow.json().length);
  });

  it(`counts text matches exactly up to ${SEARCH_TEXT_TOTAL_CAP}`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?q=care' });
    expect(res.json()).toHaveLength(24);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_TEXT_TOTAL_CAP));
    expect(res.headers['x-total-count-exact']).toBe('false');
    const rare = await t.app.inject({
      method: 'GET',
      url: '/api/caregivers/search?q=care&parish=Hanover&limit=50',
    });
    expect(rare.headers['x-total-count-exact']).toBe('true');
    expect(Number(rare.headers['x-total-count'])).toBe(rare.json().length);
  });

  it('pages through every listed caregiver once', async () => {
    const seen = new Set<number>();
    for (let offset = 0; offset < listedCount; offset += 50) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?offset=${offset}&limit=50`,
      });
      for (const c of res.json()) seen.add(c.id);
    }
    expect(seen.size).toBe(listedCount);
  });

  it('counts kinds over every listed caregiver (no cap)', async () => {
    const kinds = (await t.app.inject({ method: 'GET', url: '/api/caregivers/kinds' })).json();
    const parishes = (await t.app.inject({ method: 'GET', url: '/api/caregivers/parish-counts' })).json();
    expect(parishes.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(listedCount);
    expect(kinds.reduce((n: number, k: { count: number }) => n + k.count, 0)).toBeGreaterThanOrEqual(
      listedCount,
    );
  });
});
