/** The calendar-feeds feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { calendarFeedRoutes } from './routes';

export type {
  CalendarBooking,
  CalendarBookingStatus,
  CalendarBookingsOf,
  CalendarFeedDeps,
  CalendarMeeting,
  CalendarTimeOff,
} from './ports';
export { calendarFeedPrivacy } from './privacy';
export { type CalendarFeedService, createCalendarFeedService } from './service';

/** What the calendar-feeds feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'calendar-feeds',
  routes: [calendarFeedRoutes],
};
