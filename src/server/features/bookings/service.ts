import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { backupRequests } from './backup-requests';
import { batchBookings } from './batch-bookings';
import { type BookingDeps, NO_EMERGENCIES, NO_HOLDS, NO_TIME_OFF, NO_VISIT_STATES } from './booking-context';
import { bookingLifecycle } from './booking-lifecycle';
import { bookingViews } from './booking-view';
import { bookingApprovals } from './circle-bookings';
import { counterProposals } from './counter-proposals';
import { bookingCreation } from './create-booking';
import { type BookingNoticeEvent, type BookingNoticeOptions, notifyBookingParties } from './notices';
import { requestsAtRate } from './requests-at-rate';
import { bookingReschedule } from './reschedule-booking';
import { bookingTransitions } from './transition-booking';
import { trialEndings } from './trial-visits';
import { unpaidVisits } from './unpaid-visits';

export type { BackupBooking } from './backup-requests';
export type { OpenedRequest, RequestedTime } from './batch-bookings';
export type {
  Actor,
  BookingCircleRules,
  BookingDeps,
  BookingEmergencyRules,
  BookingHolds,
  BookingNotices,
  BookingTimeOff,
} from './booking-context';
export { type BookingTemplate, bookingLookups } from './booking-lookups';
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
export { describeWhen, notifyBookingParties } from './notices';
export { type BookingReminders, createBookingReminders } from './reminders';
export type { RequestAtRate } from './requests-at-rate';
export type { BookingAnswer } from './transition-booking';
/** A booking as a visit (ADR 0028): the row, its parties, its time in words. */
export { type VisitBooking, type VisitPartyContact, visitBookings } from './visit-bookings';

/** The bookings service: requests, answers, the lifecycle job's transitions and the views, composed. */
export function createBookingService(deps: BookingDeps) {
  const ctx = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    emergencies: deps.emergencies ?? NO_EMERGENCIES,
    visits: deps.visits ?? NO_VISIT_STATES,
    holds: deps.holds ?? NO_HOLDS,
    timeOff: deps.timeOff ?? NO_TIME_OFF,
  };
  return {
    ...bookingCreation(ctx),
    ...bookingViews(ctx),
    ...bookingTransitions(ctx),
    ...bookingLifecycle(ctx),
    ...bookingApprovals(ctx),
    ...bookingReschedule(ctx),
    /** A caregiver's other time for a pending booking, and the family side's answer (ADR 0048). */
    ...counterProposals(ctx),
    /** Either side ends the relationship after a completed trial visit (ADR 0048). */
    ...trialEndings(ctx),
    /** Both parties of a booking hear of a change, e.g. its payment (in `tx`; the mails are returned). */
    notifyParties: (
      tx: Tx,
      bookingId: number,
      event: BookingNoticeEvent,
      opts: BookingNoticeOptions,
    ): Promise<Mail[]> => notifyBookingParties(ctx, tx, bookingId, event, opts),
    /** Bookings written and answered in a batch, one notice for all (recurring bookings, ADR 0027). */
    batchBookings: batchBookings(ctx),
    /** Unpaid series visits and their release 24 h before the start (ADR 0032). */
    unpaidVisits: unpaidVisits(ctx),
    /** A backup for a cancelled or no-show booking, and the original's end (ADR 0034). */
    backupRequests: backupRequests(ctx),
    /** A request priced at an agreed rate instead of the caregiver's profile's (ADR 0038). */
    requestsAtRate: requestsAtRate(ctx),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

export * from './circle-statement-rows';
