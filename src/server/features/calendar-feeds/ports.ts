import type { Db } from '../../db/client';

/**
 * What the calendar feed asks of other features (issue 33). The composition root (wiring/services.ts) joins
 * them: bookings now; meetings and caregivers' time off once those features exist (optional until then).
 */

/** A booking's states the feed shows: open ones, and recently closed ones so calendars drop them. */
export type CalendarBookingStatus =
  | 'awaiting_approval'
  | 'pending'
  | 'confirmed'
  | 'cancelled'
  | 'declined'
  | 'expired';

/** One booking of the user, as the feed needs it (bookings' calendarBookings provides it). */
export interface CalendarBooking {
  id: number;
  status: CalendarBookingStatus;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  /** Which side the user is on: the family side (their own or a circle's they coordinate or pay) or the caregiver. */
  side: 'family' | 'caregiver';
  caregiverFirstName: string;
  familyFirstName: string;
  familyLastName: string;
  /** A care circle booking's recipient (their first name); null for the family's own household. */
  recipientFirstName: string | null;
  /** Where the care happens: town and parish only (bookings carry no street address into the feed). */
  town: string | null;
  parish: string | null;
}

/**
 * The user's bookings for the feed: every awaiting, pending or confirmed one, and the cancelled, declined or
 * expired ones that changed since `closedSince` (so a subscribed calendar marks them cancelled).
 */
export type CalendarBookingsOf = (userId: number, opts: { closedSince: Date }) => Promise<CalendarBooking[]>;

/** A confirmed meeting (interview) of the user (the meetings feature, once wired). */
export interface CalendarMeeting {
  id: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  mode: string;
}

/** A caregiver's time off (dates yyyy-MM-dd, times HH:mm in Jamaica; no times: whole days). */
export interface CalendarTimeOff {
  id: number;
  from: string;
  to: string;
  startTime?: string | null;
  endTime?: string | null;
  note?: string | null;
}

export interface CalendarFeedDeps {
  db: Db;
  /** The site's public base URL (PUBLIC_URL): feed URLs and links back to bookings. */
  publicUrl: string;
  now?: () => Date;
  bookingsOf: CalendarBookingsOf;
  /** Confirmed meetings of the user (not wired yet: the meetings feature is another part of issue 33). */
  meetingsOf?: (userId: number) => Promise<CalendarMeeting[]>;
  /** A caregiver's time off (not wired yet: dated availability is another part of issue 33). */
  timeOffOf?: (userId: number) => Promise<CalendarTimeOff[]>;
}
