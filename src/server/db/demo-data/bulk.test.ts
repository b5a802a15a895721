import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_KIND_VALUES, findTown, PARISHES } from '../../../shared/catalog';
import { hashPassword } from '../../features/auth/passwords';
import { AVATAR_FILE_PATTERN } from '../../features/avatars/avatar';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../client';
import { caregiverStats, caregivers, users } from '../schema';
import { seedBulkCaregivers } from './bulk';
import { DEMO_PASSWORD } from './logins';
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
      expect(await n(users)).toBe(2300);
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
