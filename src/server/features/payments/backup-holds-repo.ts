import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, payments, users } from '../../db/schema';

/** The backup holds' own reads (ADR 0034); every function takes the caller's transaction. */
export const backupHoldRepo = {
  /**
   * Payments still held for a cancelled booking whose cancellation is older than `cutoff` (the shortest
   * window), with what the window is computed from: the cancellation, the start, the family's time zone.
   * Every other cancellation releases at once, so a held payment on a cancelled booking is a hold kept for a
   * backup. Oldest cancellation first.
   */
  async keptSince(
    tx: Tx,
    cutoff: Date,
    limit = 1000,
  ): Promise<
    { paymentId: number; bookingId: number; cancelledAt: Date | null; startsAt: Date; timeZone: string }[]
  > {
    return tx
      .select({
        paymentId: payments.id,
        bookingId: payments.bookingId,
        cancelledAt: bookings.cancelledAt,
        startsAt: bookings.startsAt,
        timeZone: users.timeZone,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(users, eq(users.id, bookings.familyId))
      .where(
        and(
          inArray(payments.status, ['authorized', 'received']),
          eq(bookings.status, 'cancelled'),
          lte(bookings.cancelledAt, cutoff),
        ),
      )
      .orderBy(asc(bookings.cancelledAt), asc(payments.id))
      .limit(limit);
  },

  /** The booking family's time zone (the hold window's night is theirs). */
  async familyTimeZone(tx: Tx, familyId: number): Promise<string | null> {
    const [row] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, familyId));
    return row?.timeZone ?? null;
  },
};
