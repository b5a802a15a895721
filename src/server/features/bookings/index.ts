/** The bookings feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { bookingLifecycleJob, bookingRemindersJob } from './jobs';
import { bookingRoutes } from './routes';

export { type CalendarBookingRow, createCalendarBookings } from './calendar-bookings';

export {
  type Actor,
  type BackupBooking,
  type BookingAnswer,
  type BookingEmergencyRules,
  type BookingEvents,
  type BookingHolds,
  type BookingRow,
  type BookingService,
  type BookingTemplate,
  type BookingTransition,
  type BookingTransitionListener,
  bookingLookups,
  type CircleStatementRow,
  circleStatementRows,
  circlesWithStatementRows,
  createBookingEvents,
  createBookingReminders,
  createBookingService,
  type OpenedRequest,
  type RequestAtRate,
  type RequestedTime,
  type VisitBooking,
  type VisitPartyContact,
  visitBookings,
} from './service';

/** What the bookings feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'bookings',
  routes: [bookingRoutes],
  jobs: [bookingLifecycleJob, bookingRemindersJob],
};
