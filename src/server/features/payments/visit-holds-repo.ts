import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users, visitHoldNotices } from '../../db/schema';

/** The visit-holds job's own rows (ADR 0032); every function takes the caller's transaction. */
export const visitHoldRepo = {
  /** Claims the visit's one "hold failed" notice: true for the first caller only. */
  async claimFailureNotice(tx: Tx, bookingId: number, reason: string, at: Date): Promise<boolean> {
    const rows = await tx
      .insert(visitHoldNotices)
      .values({ bookingId, reason, sentAt: at })
      .onConflictDoNothing()
      .returning({ bookingId: visitHoldNotices.bookingId });
    return rows.length > 0;
  },

  /** Whom to write to: first name and address of each user. */
  async contacts(tx: Tx, userIds: number[]) {
    if (!userIds.length) return [];
    return tx
      .select({ userId: users.id, firstName: users.firstName, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds));
  },
};
