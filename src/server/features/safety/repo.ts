import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { userBlocks, userReports } from '../../db/schema';

export const safetyRepo = {
  async block(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  },
  async unblock(tx: Tx, blockerId: number, blockedId: number): Promise<void> {
    await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  },
  async report(tx: Tx, reporterId: number, reportedId: number, reason: string): Promise<number> {
    const [row] = await tx
      .insert(userReports)
      .values({ reporterId, reportedId, reason })
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
};
