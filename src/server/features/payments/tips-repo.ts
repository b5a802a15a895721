import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tips } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
type NewTip = typeof tips.$inferInsert;

/** Tips (ADR 0051); every function takes the caller's transaction. */
export const tipRepo = {
  async byKey(tx: Tx, payerId: number, key: string): Promise<TipRow | undefined> {
    const [row] = await tx
      .select()
      .from(tips)
      .where(and(eq(tips.payerId, payerId), eq(tips.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async forBooking(tx: Tx, bookingId: number): Promise<TipRow | undefined> {
    const [row] = await tx.select().from(tips).where(eq(tips.bookingId, bookingId)).limit(1);
    return row;
  },

  async insert(tx: Tx, values: NewTip): Promise<TipRow> {
    const [row] = await tx.insert(tips).values(values).returning();
    return row;
  },

  async setLedgerTxn(tx: Tx, id: number, txnId: string): Promise<void> {
    await tx.update(tips).set({ ledgerTxnId: txnId }).where(eq(tips.id, id));
  },
};
