import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { calendarFeeds, users } from '../../db/schema';

/** The calendar feeds table: one row per user, found by the hash of its secret (ADR 0049). */
export const calendarFeedRepo = {
  async ofUser(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .limit(1);
    return row;
  },

  /** Sets the user's one feed to a new secret's hash: the old one (if any) is gone in the same statement. */
  async replace(tx: Tx, userId: number, tokenHash: string, at: Date): Promise<void> {
    await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash, createdAt: at })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: at } });
  },

  async remove(tx: Tx, userId: number): Promise<boolean> {
    const rows = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .returning({ id: calendarFeeds.id });
    return rows.length > 0;
  },

  /** The owner of the feed with this secret hash, unless their account is suspended or being deleted. */
  async ownerOf(tx: Tx, tokenHash: string): Promise<{ userId: number } | undefined> {
    const [row] = await tx
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.suspendedAt)))
      .limit(1);
    return row;
  },
};
