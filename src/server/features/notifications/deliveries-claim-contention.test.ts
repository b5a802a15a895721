import { eq, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { deliveries } from '../../db/schema';
import { createUser } from '../../test/factories';
import { openTestDatabase } from '../../test/harness';
import { type DeliveryRow, deliveryRepo } from './deliveries-repo';

const T0 = new Date('2026-06-01T14:00:00Z');
const LEASE = new Date(T0.getTime() + 2 * 60_000);
/** Long enough for a loaded machine, short enough that a claim stuck behind a lock fails the test. */
const LOCK_TIMEOUT = '3s';

const ids = (rows: DeliveryRow[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** A promise and the function that settles it: a claim is held open until the test lets it go. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/**
 * The claim's SKIP LOCKED (ADR 0033) on real PostgreSQL, where two claims really run at once on two
 * connections: PGlite has one connection, so there the second claim can only ever run after the first.
 * The second claimer is a connection of its own with a lock_timeout, so a claim that waits for the first's
 * locks fails with lock_not_available instead of hanging: without SKIP LOCKED, these tests fail that way.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the delivery claim under contention on PostgreSQL', () => {
  let database: Database & { url?: string };
  let other: pg.Client;
  /** The second claimer: its own connection, never waiting on a lock longer than LOCK_TIMEOUT. */
  let otherDb: Db;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query(`set lock_timeout = '${LOCK_TIMEOUT}'`);
    otherDb = drizzle(other, { schema }) as unknown as Db;
  });
  afterAll(async () => {
    await other?.end();
    await database?.close();
  });

  /** `n` e-mail rows, queued and due at T0. */
  async function queue(n: number): Promise<DeliveryRow[]> {
    const user = await createUser(database.db);
    return deliveryRepo.insert(
      database.db,
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        kind: 'booking.confirmed',
        channel: 'email' as const,
        destination: user.email,
        subject: `Notice ${i}`,
        body: 'Accepted.',
        nextAttemptAt: T0,
      })),
    );
  }

  /**
   * Claims with `where` inside a transaction that stays open (its row locks held, its lease not yet visible
   * to others) until `release` is called; resolves `claimed` with the rows as soon as the claim returned.
   */
  function holdClaim(where: SQL | undefined, limit: number) {
    const g = gate();
    let claimed!: (rows: DeliveryRow[]) => void;
    const rows = new Promise<DeliveryRow[]>((resolve) => {
      claimed = resolve;
    });
    const done = database.db.transaction(async (tx) => {
      // The repository's own claim, run in a savepoint of this transaction: its locks last until we commit.
      claimed(await deliveryRepo.claim(tx as unknown as Db, where, T0, LEASE, limit));
      await g.closed;
    });
    return { rows, release: g.open, done };
  }

  const clear = () => database.db.delete(deliveries);

  it('lets the job claim the other rows at once while a request’s own dispatch holds its claim open', async () => {
    await clear();
    const all = await queue(10);
    const mine = all.slice(0, 4).map((r) => r.id);
    // The request dispatching its own fresh rows, still inside its claim's transaction.
    const first = holdClaim(deliveryRepo.fresh(mine), mine.length);
    const a = await first.rows;
    expect(ids(a)).toEqual(mine);
    try {
      // The job on another connection, at the same moment: it neither waits nor takes the held rows.
      const b = await deliveryRepo.claim(otherDb, deliveryRepo.dueAt(T0), T0, LEASE, 50);
      expect(ids(b)).toEqual(ids(all.slice(4)));
      expect(ids(b).filter((id) => mine.includes(id))).toEqual([]);
    } finally {
      first.release();
      await first.done;
    }
    // Each row was claimed exactly once, and none is due again before its lease ends.
    const rows = await database.db.select().from(deliveries);
    expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
    expect(await deliveryRepo.claim(otherDb, deliveryRepo.dueAt(T0), T0, LEASE, 50)).toEqual([]);
  });

  it('gives the second of two job runs nothing (not the same rows, and without waiting) while the first holds all', async () => {
    await clear();
    const all = await queue(3);
    const first = holdClaim(deliveryRepo.dueAt(T0), 50);
    expect(ids(await first.rows)).toEqual(ids(all));
    try {
      expect(await deliveryRepo.claim(otherDb, deliveryRepo.dueAt(T0), T0, LEASE, 50)).toEqual([]);
    } finally {
      first.release();
      await first.done;
    }
    const [row] = await database.db.select().from(deliveries).where(eq(deliveries.id, all[0].id));
    expect(row).toMatchObject({ attempts: 1, nextAttemptAt: LEASE });
  });

  it('shares a burst of rows among claims started together on the pool: each row claimed by exactly one', async () => {
    await clear();
    const all = await queue(40);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => deliveryRepo.claim(database.db, deliveryRepo.dueAt(T0), T0, LEASE, 10)),
    );
    const claimed = claims.flatMap(ids).sort((a, b) => a - b);
    expect(claimed).toEqual(ids(all));
    const rows = await database.db.select().from(deliveries);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
