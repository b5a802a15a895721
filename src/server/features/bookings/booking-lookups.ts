import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { bookingPlacesRepo } from './places-repo';
import { bookingRepo } from './repo';

/** What a new booking can copy from the family's last booking with a caregiver (a one-tap rebook). */
export interface BookingTemplate {
  bookingId: number;
  /** The last booking's date (yyyy-MM-dd), for "last booked on …". */
  date: string;
  startTime: string;
  /** Whole hours. */
  duration: number;
  notes: string | null;
}

/** Bookings that happened or stand: a declined, expired or unanswered request is no template. */
const TEMPLATE_STATUSES = ['confirmed', 'completed'] as const;

/**
 * The family's own household's latest confirmed or completed booking with a caregiver, as a template
 * (issue 21's one-tap rebook; care circles' bookings are the circle's, not the family's template).
 */
export async function lastBookedWith(
  tx: Tx,
  familyUserId: number,
  caregiverId: number,
): Promise<BookingTemplate | undefined> {
  const [row] = await tx
    .select({
      bookingId: bookings.id,
      date: bookings.date,
      startTime: bookings.startTime,
      duration: bookings.duration,
      notes: bookings.notes,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.familyId, familyUserId),
        eq(bookings.caregiverId, caregiverId),
        isNull(bookings.circleId),
        inArray(bookings.status, [...TEMPLATE_STATUSES]),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(1);
  return row;
}

/**
 * Booking lookups, each inside the caller's transaction: a booking's row (locked when the caller changes
 * something that depends on its state), who cancelled it, the caregiver record of a user, a circle's
 * booking counts, where bookings take place and the family's last booking with a caregiver.
 */
export const bookingLookups = {
  /** The family's last confirmed or completed booking with a caregiver, as a template. */
  lastBookedWith,
  lock: bookingRepo.lock,
  /** Locks a booking for a job, or undefined when another transaction is changing it. */
  lockSkipLocked: bookingRepo.lockSkipLocked,
  find: bookingRepo.find,
  /** A caregiver's pending and confirmed bookings overlapping [from, to): busy time (the free-time model, ADR 0046). */
  heldBetween: bookingRepo.heldBetween,
  caregiverIdOfUser: bookingRepo.caregiverIdOfUser,
  cancelledBySide: bookingRepo.cancelledBySide,
  /** A care circle's bookings, and how many stand unpaid. */
  circleBookingCounts: bookingRepo.circleBookingCounts,
  /** Where each booking's care happens (its parish), and the open bookings in parishes (ADR 0030). */
  placeParishes: bookingPlacesRepo.placeParishes,
  openInParishes: bookingPlacesRepo.openInParishes,
};
