import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { SupportTicketStatus } from '../../../shared/contracts/support';
import type { Tx } from '../../db/client';
import { supportTickets } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

export const supportRepo = {
  async insert(tx: Tx, values: NewTicket): Promise<TicketRow> {
    const [row] = await tx.insert(supportTickets).values(values).returning();
    return row;
  },

  /** Locks the ticket for the rest of the transaction (two admins answering at once wait in turn). */
  async findForUpdate(tx: Tx, id: number): Promise<TicketRow | undefined> {
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .limit(1)
      .for('update');
    return row;
  },

  async update(tx: Tx, id: number, values: Partial<NewTicket>): Promise<TicketRow> {
    const [row] = await tx
      .update(supportTickets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(supportTickets.id, id))
      .returning();
    return row;
  },

  /** `priorityFirst`: the admin queue, where priority tickets come before the rest (newest first in each). */
  async list(
    tx: Tx,
    f: {
      status?: SupportTicketStatus;
      userId?: number;
      limit: number;
      offset: number;
      priorityFirst?: boolean;
    },
  ) {
    const conds: SQL[] = [];
    if (f.status) conds.push(eq(supportTickets.status, f.status));
    if (f.userId !== undefined) conds.push(eq(supportTickets.userId, f.userId));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      tx
        .select()
        .from(supportTickets)
        .where(where)
        .orderBy(
          ...(f.priorityFirst ? [desc(supportTickets.priority)] : []),
          desc(supportTickets.createdAt),
          desc(supportTickets.id),
        )
        .limit(f.limit)
        .offset(f.offset),
      tx.select({ total: count() }).from(supportTickets).where(where),
    ]);
    return { rows, total };
  },
};
