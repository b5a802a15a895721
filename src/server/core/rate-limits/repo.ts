import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface CounterRow {
  key: string;
  count: number;
  expiresAt: Date;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const rateLimitRepo = {
  /**
   * Counts one more attempt against each key, in ONE statement: an upsert that starts a new window when
   * the row is missing or its window has ended, and otherwise adds one. Concurrent statements on a key
   * queue on its row lock, so every attempt gets its own count back and the database decides.
   */
  async hit(tx: Tx, entries: { key: string; windowMs: number }[], now: Date): Promise<CounterRow[]> {
    const expired = sql`${rateLimits.expiresAt} <= ${at(now)}`;
    return tx
      .insert(rateLimits)
      .values(
        entries.map((e) => ({
          key: e.key,
          count: 1,
          windowStart: now,
          expiresAt: new Date(now.getTime() + e.windowMs),
        })),
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
        },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  },

  /** The live count of `key` (none when missing or its window has ended), without counting. */
  async read(tx: Tx, key: string, now: Date): Promise<CounterRow | undefined> {
    const [row] = await tx
      .select({ key: rateLimits.key, count: rateLimits.count, expiresAt: rateLimits.expiresAt })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, at(now))));
    return row;
  },

  /** Gives back one attempt of the live window of `key` (an attempt that turned out not to count). */
  async refund(tx: Tx, key: string, now: Date): Promise<void> {
    await tx
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, at(now))));
  },

  /** Forgets `key`, or with `{ prefix: true }` every key that starts with it. */
  async clear(tx: Tx, key: string, opts: { prefix?: boolean } = {}): Promise<void> {
    await tx
      .delete(rateLimits)
      .where(opts.prefix ? sql`starts_with(${rateLimits.key}, ${key})` : eq(rateLimits.key, key));
  },

  /** Deletes the rows whose window has ended; returns how many. */
  async deleteExpired(tx: Tx, now: Date): Promise<number> {
    const rows = await tx
      .delete(rateLimits)
      .where(lte(rateLimits.expiresAt, at(now)))
      .returning({ key: rateLimits.key });
    return rows.length;
  },
};
