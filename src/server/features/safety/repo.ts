import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages, reportActions, userBlocks, userReports, users } from '../../db/schema';

export type ReportActionKind = (typeof reportActions.$inferInsert)['action'];

const between = (a: number, b: number) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

export const safetyRepo = {
  async block(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  },
  async unblock(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
    await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  },
  async report(
    tx: Tx,
    reporterId: number,
    reportedId: number,
    reason: string,
    messageId?: number,
  ): Promise<number> {
    const [row] = await tx
      .insert(userReports)
      .values({ reporterId, reportedId, reason, messageId: messageId ?? null })
      .returning({ id: userReports.id });
    return row.id;
  },
  async list(tx: Tx, status: 'open' | 'resolved', limit: number) {
    return tx
      .select()
      .from(userReports)
      .where(eq(userReports.status, status))
      .orderBy(status === 'open' ? userReports.createdAt : desc(userReports.resolvedAt))
      .limit(limit);
  },
  async resolve(tx: Tx, id: number, adminId: number): Promise<boolean> {
    const rows = await tx
      .update(userReports)
      .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: adminId })
      .where(and(eq(userReports.id, id), inArray(userReports.status, ['open'])))
      .returning({ id: userReports.id });
    return rows.length > 0;
  },

  /** Whether the message is one of the conversation between the two users. */
  async isInConversation(tx: Tx, messageId: number, a: number, b: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), between(a, b)));
    return row !== undefined;
  },
  async find(tx: Tx, id: number) {
    const [row] = await tx.select().from(userReports).where(eq(userReports.id, id));
    return row;
  },
  async emailOf(tx: Tx, userId: number): Promise<string | undefined> {
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  },
  async lock(tx: Tx, id: number) {
    const [row] = await tx.select().from(userReports).where(eq(userReports.id, id)).for('update');
    return row;
  },
  async addAction(
    tx: Tx,
    entry: { reportId: number; adminId: number; action: ReportActionKind; note?: string | null },
  ): Promise<void> {
    await tx.insert(reportActions).values({ ...entry, note: entry.note ?? null });
  },
  /** The audit trails of these reports, oldest action first, with the acting admin's name. */
  async actionsFor(tx: Tx, reportIds: number[]) {
    if (reportIds.length === 0) return [];
    return tx
      .select({
        reportId: reportActions.reportId,
        action: reportActions.action,
        note: reportActions.note,
        createdAt: reportActions.createdAt,
        adminId: users.id,
        adminFirstName: users.firstName,
        adminLastName: users.lastName,
      })
      .from(reportActions)
      .leftJoin(users, eq(users.id, reportActions.adminId))
      .where(inArray(reportActions.reportId, reportIds))
      .orderBy(asc(reportActions.createdAt), asc(reportActions.id));
  },
  /**
   * The conversation around a report, oldest → newest: `around` messages before and after the reported
   * one, or (no message pointed at) the last messages sent up to the report.
   */
  async context(
    tx: Tx,
    report: { reporterId: number; reportedId: number; messageId: number | null; createdAt: Date },
    around: number,
  ) {
    const pair = between(report.reporterId, report.reportedId);
    if (report.messageId === null) {
      const rows = await tx
        .select()
        .from(messages)
        .where(and(pair, lte(messages.createdAt, report.createdAt)))
        .orderBy(desc(messages.id))
        .limit(around * 2 + 1);
      return rows.reverse();
    }
    const [before, after] = await Promise.all([
      tx
        .select()
        .from(messages)
        .where(and(pair, lte(messages.id, report.messageId)))
        .orderBy(desc(messages.id))
        .limit(around + 1),
      tx
        .select()
        .from(messages)
        .where(and(pair, gt(messages.id, report.messageId)))
        .orderBy(asc(messages.id))
        .limit(around),
    ]);
    return [...before.reverse(), ...after];
  },
};
