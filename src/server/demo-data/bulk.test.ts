import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_KIND_VALUES, findTown, PARISHES } from '../../shared/catalog';
import type { Database } from '../db/client';
import { bookings, caregiverStats, caregivers, users, VERIFICATION_STEPS, verifications } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { AVATAR_FILE_PATTERN } from '../features/avatars/avatar';
import { createUser } from '../test/factories';
import { DB_KINDS, openTestDatabase, useTestApp } from '../test/harness';
import { seedBulkCaregivers } from './bulk';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './logins';
import { bookingMoney, money } from './money';
import { fileLetters, letters } from './testing';

let database: Database;
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(DEMO_PASSWORD);
  database = await openTestDatabase('pglite');
});

afterAll(async () => {
  await database?.close();
});

describe('bulk caregivers', () => {
  it('adds generated caregivers with users and stats, and can run twice', async () => {
    const bulk = await openTestDatabase('pglite');
    try {
      const seen: number[] = [];
      await seedBulkCaregivers(bulk.db, 2000, {
        passwordHash,
        runId: 'test1',
        onProgress: (done) => seen.push(done),
      });
      expect(seen).toEqual([1000, 2000]);
      await seedBulkCaregivers(bulk.db, 300, { passwordHash, runId: 'test2', batchSize: 128 });
      const n = async (table: typeof users | typeof caregivers | typeof caregiverStats) =>
        (await bulk.db.select({ n: count() }).from(table))[0].n;
      // Each run adds its 28 families too.
      expect(await n(users)).toBe(2300 + 2 * 28);
      expect(await n(caregivers)).toBe(2300);
      expect(await n(caregiverStats)).toBe(2300);
      const rows = await bulk.db
        .select({ c: caregivers, u: users, s: caregiverStats })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .innerJoin(caregiverStats, eq(caregiverStats.caregiverId, caregivers.id));
      expect(rows.length).toBe(2300);
      expect(new Set(rows.map((r) => r.u.parish))).toEqual(new Set(PARISHES));
      expect(new Set(rows.flatMap((r) => r.c.kinds))).toEqual(new Set(CAREGIVER_KIND_VALUES));
      for (const { c, u, s } of rows) {
        expect(u.email).toMatch(/^bulk-test[12]-\d+@example\.test$/);
        expect(u.userType).toBe('caregiver');
        expect(findTown(u.location ?? '')?.parish).toBe(u.parish);
        expect(u.profileImageUrl?.replace('/avatars/', '')).toMatch(AVATAR_FILE_PATTERN);
        for (const name of [u.firstName, u.lastName])
          expect(fileLetters(u.profileImageUrl ?? '')).not.toContain(letters(name));
        expect(c.kinds.length).toBeGreaterThanOrEqual(1);
        expect(Array.isArray(c.skills) && c.skills.length > 0).toBe(true);
        expect(Number(c.averageRating)).toBeLessThanOrEqual(5);
        expect(c.totalReviews === 0).toBe(Number(c.averageRating) === 0);
        expect(s.completedBookings).toBeGreaterThanOrEqual(c.totalReviews);
        expect(s.totalBookings).toBeGreaterThanOrEqual(s.completedBookings);
        expect(Number(s.totalEarnings)).toBe(s.totalHours * Number(c.hourlyRate));
      }
    } finally {
      await bulk.close();
    }
    // A fresh database, migrated, then two bulk seeds: slow when other test files share the 2 cores.
  }, 120_000);

  it('rejects a negative or fractional count', async () => {
    await expect(seedBulkCaregivers(database.db, -1, { passwordHash })).rejects.toThrow(RangeError);
    await expect(seedBulkCaregivers(database.db, 1.5, { passwordHash })).rejects.toThrow(RangeError);
  });
});

describe.each(DB_KINDS)('bulk caregivers on %s: trust records and upcoming bookings', (kind) => {
  const t = useTestApp(kind);
  const now = new Date();
  let adminId: number;

  beforeAll(async () => {
    adminId = (await createUser(t.database.db, { email: DEMO_ADMIN_EMAIL, userType: 'admin' })).id;
    await seedBulkCaregivers(t.database.db, 1200, { passwordHash: 'x', runId: 'trust', batchSize: 500, now });
  }, 120_000);

  it('gives every verified caregiver an admin-approved record, and some others a record under way', async () => {
    const rows = await t.database.db
      .select({ u: users, v: verifications })
      .from(users)
      .leftJoin(verifications, eq(verifications.userId, users.id))
      .where(like(users.email, 'bulk-trust-%'));
    const caregiverRows = rows.filter((r) => r.u.userType === 'caregiver');
    expect(caregiverRows).toHaveLength(1200);
    const verified = caregiverRows.filter((r) => r.u.isVerified);
    expect(verified.length).toBeGreaterThan(400);
    for (const { u, v } of verified) {
      expect(v?.status).toBe('approved');
      expect(u.verificationStatus).toBe('approved');
      expect(v?.verifiedBy).toBe(adminId);
      expect(v?.references).toHaveLength(2);
      for (const step of VERIFICATION_STEPS) {
        const review = v?.reviews[step];
        expect(review).toMatchObject({ approved: true, reason: null, by: adminId });
        expect(Date.parse(review!.at)).toBeLessThanOrEqual(v!.verifiedAt!.getTime());
        expect(Date.parse(review!.at)).toBeGreaterThan(u.createdAt.getTime());
      }
      expect(v!.verifiedAt!.getTime()).toBeLessThan(now.getTime());
      expect(v!.submittedAt!.getTime()).toBeLessThan(v!.verifiedAt!.getTime());
      const ageDays = (now.getTime() - Date.parse(v!.policeRecordIssuedAt!)) / 86_400_000;
      expect(ageDays).toBeGreaterThan(29);
      expect(ageDays).toBeLessThan(336);
    }
    const others = caregiverRows.filter((r) => !r.u.isVerified);
    const underWay = others.filter((r) => r.v);
    expect(underWay.length / others.length).toBeGreaterThan(0.2);
    expect(underWay.length / others.length).toBeLessThan(0.4);
    for (const { u, v } of underWay) {
      expect(['pending', 'submitted']).toContain(v?.status);
      expect(u.verificationStatus).toBe(v?.status);
      expect(v?.reviews).toEqual({});
      expect(v?.verifiedAt).toBeNull();
    }
  });

  it('shows verified bulk caregivers as Verified in search, with their verified facts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?verified=true&limit=50' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { isVerified: boolean; verifiedFacts: { kind: string }[] }[];
    expect(page).toHaveLength(50);
    for (const c of page) {
      expect(c.isVerified).toBe(true);
      expect(c.verifiedFacts.map((f) => f.kind).sort()).toEqual(
        ['address', 'background_check', 'identity', 'phone', 'references'].sort(),
      );
    }
  });

  it('books about 40 % of them 1–3 times in the next 14 days, never overlapping, priced by the fee policy', async () => {
    const rows = await t.database.db
      .select({ b: bookings, family: users.email })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.familyId));
    const byCaregiver = new Map<number, (typeof rows)[number][]>();
    for (const r of rows) byCaregiver.set(r.b.caregiverId, [...(byCaregiver.get(r.b.caregiverId) ?? []), r]);
    expect(byCaregiver.size / 1200).toBeGreaterThan(0.33);
    expect(byCaregiver.size / 1200).toBeLessThan(0.47);
    const horizon = now.getTime() + 14 * 86_400_000;
    for (const mine of byCaregiver.values()) {
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(3);
      const sorted = mine.map((r) => r.b).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i].startsAt.getTime()).toBeGreaterThanOrEqual(sorted[i - 1].endsAt.getTime());
    }
    for (const { b, family } of rows) {
      expect(family).toMatch(/^bulk-trust-family-\d+@example\.test$/);
      expect(['confirmed', 'pending']).toContain(b.status);
      expect(b.startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(b.endsAt.getTime()).toBeLessThanOrEqual(horizon);
      expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe(b.duration * 3_600_000);
      expect(b.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(b.confirmedAt === null).toBe(b.status === 'pending');
      const { platformFee, totalCost } = bookingMoney(Number(b.hourlyRate), b.duration);
      expect([b.platformFee, b.totalCost]).toEqual([money(platformFee), money(totalCost)]);
    }
    const families = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(like(users.email, 'bulk-trust-family-%'));
    expect(families[0].n).toBe(28);
  });
});
