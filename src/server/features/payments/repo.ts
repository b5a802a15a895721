import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type PaymentStatus, payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** A payment holding (or about to hold) money for its booking. */
export const LIVE_STATUSES: PaymentStatus[] = ['awaiting_transfer', 'authorized', 'received', 'captured'];

export const paymentRepo = {
  async byKey(tx: Tx, familyId: number, key: string): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.familyId, familyId), eq(payments.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async find(tx: Tx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async lock(tx: Tx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    return row;
  },

  /** The booking's live payment, locked. */
  async liveForBooking(tx: Tx, bookingId: number): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, LIVE_STATUSES)))
      .for('update')
      .limit(1);
    return row;
  },

  async forBooking(tx: Tx, bookingId: number): Promise<PaymentRow[]> {
    return tx.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.id));
  },

  async insert(tx: Tx, values: NewPayment): Promise<PaymentRow> {
    const [row] = await tx.insert(payments).values(values).returning();
    return row;
  },

  async update(tx: Tx, id: number, patch: Partial<NewPayment>): Promise<PaymentRow> {
    const [row] = await tx
      .update(payments)
      .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
      .where(eq(payments.id, id))
      .returning();
    return row;
  },

  async byStatus(tx: Tx, status: PaymentStatus, limit = 200): Promise<PaymentRow[]> {
    return tx
      .select()
      .from(payments)
      .where(eq(payments.status, status))
      .orderBy(desc(payments.createdAt))
      .limit(limit);
  },
};
