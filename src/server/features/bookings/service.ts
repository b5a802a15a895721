import type { BookingDeps } from './booking-context';
import { bookingLifecycle } from './booking-lifecycle';
import { bookingViews } from './booking-view';
import { bookingApprovals } from './circle-bookings';
import { bookingCreation } from './create-booking';
import { bookingsForSeries } from './for-series';
import { bookingRepo } from './repo';
import { bookingTransitions } from './transition-booking';

export type { Actor, BookingDeps } from './booking-context';
export { toBookingView } from './booking-view';
export { parseBookingTimes } from './create-booking';
export type {
  BookingEvents,
  BookingRow,
  BookingStatus,
  BookingTransition,
  BookingTransitionListener,
} from './events';
export { createBookingEvents } from './events';
export type { BookingsForSeries, OpenedRequest, RequestedTime } from './for-series';
/** What the visit log (ADR 0028) reads of a booking: the row, its parties, its time in words. */
export { bookingsForVisits, type VisitBooking, type VisitPartyContact } from './for-visits';
export { describeWhen, notifyBookingParties } from './notices';
export type { BookingAnswer } from './transition-booking';

/** The bookings service: requests, answers, the lifecycle job's transitions and the views, composed. */
export function createBookingService(deps: BookingDeps) {
  const ctx = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    ...bookingCreation(ctx),
    ...bookingViews(ctx),
    ...bookingTransitions(ctx),
    ...bookingLifecycle(ctx),
    ...bookingApprovals(ctx),
    /** For recurring bookings (ADR 0027): the same code paths, inside the series' transaction. */
    forSeries: bookingsForSeries(ctx),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

/**
 * What other features (payments, payouts) read of a booking inside their own transaction: the row
 * (locked when they change money that depends on its state) and the caregiver record of a user.
 */
export const bookingRecords = {
  lock: bookingRepo.lock,
  find: bookingRepo.find,
  caregiverIdOfUser: bookingRepo.caregiverIdOfUser,
  cancelledBySide: bookingRepo.cancelledBySide,
  /** A care circle's bookings, and how many stand unpaid (circles: the last payer, account deletion). */
  circleBookingCounts: bookingRepo.circleBookingCounts,
};

export * from './circle-statement-rows';
