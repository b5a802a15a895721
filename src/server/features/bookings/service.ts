import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { type BookingDeps, NO_EMERGENCIES } from './booking-context';
import { bookingLifecycle } from './booking-lifecycle';
import { bookingViews } from './booking-view';
import { bookingApprovals } from './circle-bookings';
import { bookingCreation } from './create-booking';
import { bookingsForBackups } from './for-backups';
import { bookingsForCareRequests } from './for-care-requests';
import { bookingsForHolds } from './for-holds';
import { lastBookedWith } from './for-rebook';
import { bookingsForSeries } from './for-series';
import { type BookingNoticeEvent, type BookingNoticeOptions, notifyBookingParties } from './notices';
import { bookingPlacesRepo } from './places-repo';
import { bookingRepo } from './repo';
import { bookingReschedule } from './reschedule-booking';
import { bookingTransitions } from './transition-booking';

export type {
  Actor,
  BookingCircleRules,
  BookingDeps,
  BookingEmergencyRules,
  BookingNotices,
} from './booking-context';
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
export type { BackupBooking, BookingsForBackups } from './for-backups';
export type { BookingsForCareRequests, CareRequestBooking } from './for-care-requests';
export type { BookingsForHolds } from './for-holds';
export type { RebookTemplate } from './for-rebook';
export type { BookingsForSeries, OpenedRequest, RequestedTime } from './for-series';
/** What the visit log (ADR 0028) reads of a booking: the row, its parties, its time in words. */
export { bookingsForVisits, type VisitBooking, type VisitPartyContact } from './for-visits';
export { describeWhen, notifyBookingParties } from './notices';
export { type BookingReminders, createBookingReminders } from './reminders';
export type { BookingAnswer } from './transition-booking';

/** The bookings service: requests, answers, the lifecycle job's transitions and the views, composed. */
export function createBookingService(deps: BookingDeps) {
  const ctx = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    emergencies: deps.emergencies ?? NO_EMERGENCIES,
  };
  return {
    ...bookingCreation(ctx),
    ...bookingViews(ctx),
    ...bookingTransitions(ctx),
    ...bookingLifecycle(ctx),
    ...bookingApprovals(ctx),
    ...bookingReschedule(ctx),
    /** Both parties of a booking hear of a change, e.g. its payment (in `tx`; the mails are returned). */
    notifyParties: (
      tx: Tx,
      bookingId: number,
      event: BookingNoticeEvent,
      opts: BookingNoticeOptions,
    ): Promise<Mail[]> => notifyBookingParties(ctx, tx, bookingId, event, opts),
    /** For recurring bookings (ADR 0027): the same code paths, inside the series' transaction. */
    forSeries: bookingsForSeries(ctx),
    /** For the visit-holds job (ADR 0032): unpaid series visits, and their release 24 h before the start. */
    forHolds: bookingsForHolds(ctx),
    /** For backup offers and the one-tap rebook (ADR 0034). */
    forBackups: bookingsForBackups(ctx),
    /** For care requests (ADR 0038): an applicant booked at the rate they applied with. */
    forCareRequests: bookingsForCareRequests(ctx),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

/**
 * What other features (payments, payouts) read of a booking inside their own transaction: the row
 * (locked when they change money that depends on its state) and the caregiver record of a user.
 */
export const bookingRecords = {
  /** Favourites' one-tap rebook: the family's last confirmed or completed booking with a caregiver. */
  lastBookedWith,
  lock: bookingRepo.lock,
  /** Locks a booking for a job, or undefined when another transaction is changing it. */
  lockSkipLocked: bookingRepo.lockSkipLocked,
  find: bookingRepo.find,
  caregiverIdOfUser: bookingRepo.caregiverIdOfUser,
  cancelledBySide: bookingRepo.cancelledBySide,
  /** A care circle's bookings, and how many stand unpaid (circles: the last payer, account deletion). */
  circleBookingCounts: bookingRepo.circleBookingCounts,
  /** Parish emergencies (ADR 0030): where each booking's care happens, and the open bookings in parishes. */
  placeParishes: bookingPlacesRepo.placeParishes,
  openInParishes: bookingPlacesRepo.openInParishes,
};

export * from './circle-statement-rows';
