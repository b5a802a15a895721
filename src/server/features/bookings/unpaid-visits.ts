import { and, asc, eq, gt, inArray, isNotNull, lte, notExists } from 'drizzle-orm';
import { LIVE_PAYMENT_STATUSES } from '../../../shared/payment-status';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { bookingSeries, bookings, payments } from '../../db/schema';
import { type BookingContext, sendAfterCommit } from './booking-context';
import type { BookingRow } from './events';
import { bookingRepo } from './repo';

type PaymentRowStatus = (typeof payments.$inferSelect)['status'];

import { applyTransition } from './transition-booking';

/**
 * Unpaid series visits (ADR 0032): the visits of accepted series with no live payment starting in a window,
 * one locked, and one still unpaid 24 h before its start released (a cancellation by the system, reason
 * 'unpaid': free for everyone, both sides told).
 */
export function unpaidVisits(ctx: BookingContext) {
  return {
    /** Confirmed visits of accepted series starting in (from, to] with no live payment, first first. */
    async unpaidSeriesVisits(tx: Tx, from: Date, to: Date, limit = 500): Promise<number[]> {
      const live = tx
        .select({ one: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookings.id),
            inArray(payments.status, LIVE_PAYMENT_STATUSES as PaymentRowStatus[]),
          ),
        );
      const rows = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(bookingSeries, eq(bookingSeries.id, bookings.seriesId))
        .where(
          and(
            isNotNull(bookings.seriesId),
            eq(bookingSeries.status, 'accepted'),
            eq(bookings.status, 'confirmed'),
            gt(bookings.startsAt, from),
            lte(bookings.startsAt, to),
            notExists(live),
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The booking locked; undefined when another transaction is changing it (a job tries on its next run). */
    lock: (tx: Tx, id: number): Promise<BookingRow | undefined> => bookingRepo.lockSkipLocked(tx, id),

    /** Cancels the (locked, confirmed) visit as not paid in time; returns the mails for after commit. */
    async releaseUnpaid(tx: Tx, booking: BookingRow, at: Date): Promise<Mail[]> {
      const { mails } = await applyTransition(
        ctx,
        tx,
        booking,
        { from: ['confirmed'], to: 'cancelled', patch: { cancelledAt: at, cancelReason: 'unpaid' } },
        null,
        at,
      );
      return mails;
    },

    /** A circle's committed total for a Jamaica month 'yyyy-MM' in cents (ADR 0025's cap count). */
    circleMonthCents: (tx: Tx, circleId: number, month: string) =>
      bookingRepo.circleMonthCents(tx, circleId, month),

    send: (mails: Mail[]) => sendAfterCommit(ctx.mailer, mails),
  };
}
