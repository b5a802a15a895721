import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type PaymentRefundCause, paymentRefunds } from '../../db/schema';

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type NewPaymentRefund = typeof paymentRefunds.$inferInsert;

/** A booking payment's refund or release, as other features read it (receipts, booking views). */
export interface PaymentRefundRecord {
  id: number;
  paymentId: number;
  bookingId: number;
  familyId: number;
  /** refund: money that reached us went back; release: a card hold (or its unused part) was let go. */
  kind: 'refund' | 'release';
  cause: PaymentRefundCause;
  /** JMD numeric strings. */
  amount: string;
  keptAmount: string;
  at: Date;
}

const toRecord = (r: PaymentRefundRow): PaymentRefundRecord => ({
  id: r.id,
  paymentId: r.paymentId,
  bookingId: r.bookingId,
  familyId: r.familyId,
  kind: r.kind,
  cause: r.cause,
  amount: r.amount,
  keptAmount: r.keptAmount,
  at: r.createdAt,
});

/** The refunds of booking payments (ADR 0054): written by the settlement, read by id lists. */
export const paymentRefundRepo = {
  async insert(tx: Tx, row: NewPaymentRefund): Promise<PaymentRefundRow> {
    const [inserted] = await tx.insert(paymentRefunds).values(row).returning();
    return inserted;
  },
};

/**
 * The payments feature's refund records for other features (receipts, booking views; issue 34): a port
 * offered through the front door, reading in the caller's transaction, oldest first.
 */
export const paymentRefundRecords = {
  async forPayments(tx: Tx, paymentIds: number[]): Promise<PaymentRefundRecord[]> {
    if (paymentIds.length === 0) return [];
    const rows = await tx
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.paymentId, paymentIds))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    return rows.map(toRecord);
  },
  async forBookings(tx: Tx, bookingIds: number[]): Promise<PaymentRefundRecord[]> {
    if (bookingIds.length === 0) return [];
    const rows = await tx
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.bookingId, bookingIds))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    return rows.map(toRecord);
  },
};
