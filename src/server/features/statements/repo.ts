import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { careCircles, circleStatementMails, users } from '../../db/schema';

/** The statements feature's reads and its mail log; every function takes the caller's transaction. */
export const statementRepo = {
  /** The currency each of these users reads estimates in. */
  async currenciesOf(tx: Tx, userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: users.id, currency: users.currency })
      .from(users)
      .where(inArray(users.id, [...userIds]));
    return new Map(rows.map((r) => [r.id, r.currency]));
  },

  /**
   * Claims the month's statement mail to one payer: true when this call wrote the row (send it), false when
   * it was there already (sent, or being sent by another run). A concurrent claim waits for this one's
   * commit, then finds the row.
   */
  async claimMail(tx: Tx, v: { circleId: number; month: string; userId: number; sentAt: Date }) {
    const rows = await tx
      .insert(circleStatementMails)
      .values(v)
      .onConflictDoNothing()
      .returning({ userId: circleStatementMails.userId });
    return rows.length > 0;
  },

  /** Gives a claim back when its mail could not be sent, so the next run tries again. */
  async releaseMail(tx: Tx, v: { circleId: number; month: string; userId: number }) {
    await tx
      .delete(circleStatementMails)
      .where(
        and(
          eq(circleStatementMails.circleId, v.circleId),
          eq(circleStatementMails.month, v.month),
          eq(circleStatementMails.userId, v.userId),
        ),
      );
  },

  /** The statements mailed to a user (the privacy export). */
  async mailsTo(tx: Tx, userId: number) {
    return tx
      .select({
        circleId: circleStatementMails.circleId,
        circleName: careCircles.name,
        month: circleStatementMails.month,
        sentAt: circleStatementMails.sentAt,
      })
      .from(circleStatementMails)
      .innerJoin(careCircles, eq(careCircles.id, circleStatementMails.circleId))
      .where(eq(circleStatementMails.userId, userId))
      .orderBy(asc(circleStatementMails.sentAt), asc(circleStatementMails.circleId));
  },
};
