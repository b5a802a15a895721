import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { caregivers, users } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { openTestDatabase } from '../test/harness';
import { DEMO_PASSWORD, type DemoSummary, seedDemoDataIfEmpty } from './index';

/** The demo data set seeded for one test file; the fields are set once its hooks ran. */
export interface SeededDemo {
  database: Database;
  summary: DemoSummary | null;
  passwordHash: string;
  /** The moment the data set was built around. */
  now: Date;
  db(): Database['db'];
  /** Every caregiver with their user, by caregiver id. */
  allCaregivers(): Promise<{ c: typeof caregivers.$inferSelect; u: typeof users.$inferSelect }[]>;
}

/**
 * Registers hooks (beforeAll, afterAll) that seed the demo data set into a fresh in-memory database. Not
 * timed: how long seeding takes is a benchmark's question (bench/), never a test's.
 */
export function seedDemoForThisFile(): SeededDemo {
  const demo: SeededDemo = {
    now: new Date(),
    db: () => demo.database.db,
    allCaregivers: async () =>
      demo
        .db()
        .select({ c: caregivers, u: users })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .orderBy(asc(caregivers.id)),
  } as SeededDemo;
  beforeAll(async () => {
    demo.passwordHash = await hashPassword(DEMO_PASSWORD);
    demo.database = await openTestDatabase('pglite');
    demo.summary = await seedDemoDataIfEmpty(demo.database.db, {
      passwordHash: demo.passwordHash,
      now: demo.now,
    });
  });
  afterAll(async () => {
    await demo.database?.close();
  });
  return demo;
}

/** Names as they could appear in a file name: lower-case letters only. */
export const letters = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
/** The letters of a URL's file name, extension left out (`/avatars/tb_12.svg` → `tb`). */
export const fileLetters = (url: string) => letters((url.split('/').pop() ?? '').replace(/\.[a-z]+$/i, ''));
