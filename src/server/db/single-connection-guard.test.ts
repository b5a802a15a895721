import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { OUTSIDE_OPEN_TRANSACTION } from './single-connection-guard';

describe('the embedded database refuses a query beside its own open transaction (instead of hanging)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
  }, 120_000);
  afterAll(() => database?.close());
  const one = async (q: { execute: Database['db']['execute'] }) =>
    ((await q.execute(sql`select 1 as n`)) as unknown as { rows: { n: number }[] }).rows[0].n;

  it('a query through the database handle inside a transaction fails at once; the transaction handle works', async () => {
    const { db } = database;
    const outcome = await db.transaction(async (tx) => {
      const inside = await one(tx);
      const beside = await one(db).then(
        () => 'answered',
        // Drizzle wraps a driver's error ("Failed query: …") with it as the cause.
        (err: Error) => (err.cause instanceof Error ? err.cause : err).message,
      );
      return { inside, beside };
    });
    expect(outcome).toEqual({ inside: 1, beside: OUTSIDE_OPEN_TRANSACTION });
    // The database is still usable: nothing is left waiting.
    expect(await one(db)).toBe(1);
  });

  it('another request’s query waits for the transaction and then answers', async () => {
    const { db } = database;
    let release!: () => void;
    const holding = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await one(t);
      await holding;
    });
    // Started outside the transaction's async context, as a concurrent request's would be.
    const other = one(db);
    release();
    await tx;
    expect(await other).toBe(1);
  });

  it('work a transaction started that runs after it ended may use the database handle', async () => {
    const { db } = database;
    let later: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await one(tx);
      later = new Promise((resolve, reject) => {
        setTimeout(() => one(db).then(resolve, reject), 20);
      });
    });
    expect(await later).toBe(1);
  });
});
