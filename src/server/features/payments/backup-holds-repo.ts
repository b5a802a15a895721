import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, payments } from '../../db/schema';

/** The backup holds' own reads (ADR 0034); every function takes the caller's transaction. */
export const backupHoldRepo = {
  /**
   * Payments still held for a cancelled booking whose cancellation is older than `cutoff`. Every other
   * cancellation releases at once, so a held payment on a cancelled booking is a hold kept for a backup.
   */
  async keptSince(tx: Tx, cutoff: Date, limit = 200): Promise<{ paymentId: number; bookingId: number }[]> {
    return tx
      .select({ paymentId: payments.id, bookingId: payments.bookingId })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(
        and(
          inArray(payments.status, ['authorized', 'received']),
          eq(bookings.status, 'cancelled'),
          lte(bookings.cancelledAt, cutoff),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(limit);
  },
};
