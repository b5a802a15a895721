/**
 * The booking rules that need no schema: hours, durations, messages, clock text, Jamaica dates and the
 * cancellation policy. Kept apart from the zod contracts (contracts/bookings.ts re-exports them) so the
 * booking screens can use them without loading zod.
 */
import { type BookingPrice, type Cents, priceBooking, toCents } from './money';
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_PERCENT } from './pricing';

export const BOOKING_STATUS_VALUES = [
  /** A care circle's booking waiting for a payer's approval; the caregiver does not see it yet (ADR 0025). */
  'awaiting_approval',
  'pending',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUS_VALUES)[number];
/** Where a circle booking's approval stands: null when it needed none. */
export const APPROVAL_STATES = ['awaiting', 'approved', 'declined'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** Why a circle booking waits for approval: the circle asks for it on every booking, or a payer's cap. */
export const APPROVAL_REASONS = ['circle_rule', 'over_cap'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** docs/product.md#constants-and-limits: start times hourly from 6:00 AM to 9:00 PM. */
export const FIRST_START_HOUR = 6;
export const LAST_START_HOUR = 21;
/** docs/product.md#constants-and-limits: the profile panel's durations. */
export const PANEL_DURATIONS = [1, 2, 3, 4, 6, 8, 12] as const;
/** The profile panel's duration until the family picks another. */
export const PANEL_DEFAULT_DURATION = 2;
export const MAX_NOTES = 1000;
/** The most bookings one list answer holds (GET /api/bookings?limit=). */
export const BOOKING_LIST_MAX = 200;
/** A pending request nobody answered expires after this many hours (or at its start). */
export const PENDING_EXPIRY_HOURS = 24;
/** A confirmed booking nobody marked completed completes itself this long after its end. */
export const AUTO_COMPLETE_HOURS = 24;
/** A trial visit (ADR 0048): a first paid booking with a caregiver, at most this many hours. */
export const TRIAL_MAX_HOURS = 3;
/** Either side may end the relationship this many days after a completed trial visit's end. */
export const TRIAL_END_WINDOW_DAYS = 14;
/** The longest note with a counter-proposal. */
export const COUNTER_NOTE_MAX = 300;
/** Earnings become available for a payout this long after the booking completed. */
export const EARNINGS_HOLD_HOURS = 48;

export const BOOKING_MESSAGES = {
  overlap: 'This caregiver is already booked at that time.',
  caregiverNotFound: "The caregiver you're looking for doesn't exist.",
  notAccepting: 'This caregiver is not taking bookings right now.',
  pastDate: 'The date must be today or later (Jamaica time).',
  startPassed: 'That start time has already passed. Choose a later time.',
  startHour: 'Start times are on the hour from 6:00 AM to 9:00 PM.',
  duration: 'Choose a duration of 1, 2, 3, 4, 6, 8 or 12 hours.',
  endAfterStart: 'The end time must be at least 1 hour after the start time.',
  wholeHours: 'End times are on the hour.',
  yourself: 'You cannot book yourself.',
  notYours: 'Booking not found',
  notMovable: 'Only a pending or confirmed booking can be moved to another time.',
  moveTooLate:
    'A booking can be moved until 24 hours before it starts; later, cancel it under the cancellation policy.',
  sameTime: 'That is already the booking’s time.',
  trialTooLong: `A trial visit is at most ${TRIAL_MAX_HOURS} hours.`,
  trialNotFirst:
    'A trial visit is only for a first booking with this caregiver: you have already had a visit with them.',
  trialNotEndable: `Only a completed trial visit can end the relationship, within ${TRIAL_END_WINDOW_DAYS} days of its end.`,
  trialAlreadyEnded: 'The relationship after this trial visit has already been ended.',
  counterNotPending: 'Another time can only be proposed, accepted or declined while the booking is pending.',
  counterNoneOpen: 'There is no open proposal of another time for this booking.',
  counterOnlyCaregiver: 'Only the booking’s caregiver can propose another time.',
  counterOnlyFamily: 'Only the family side can answer a proposal of another time.',
  counterPayerForMore: 'The new time costs more: a payer of the care circle must accept it.',
} as const;

/** '9:00 AM', '09:00', '9:00' or '21:00' → minutes after midnight; undefined for anything else. */
export function parseClock(text: string): number | undefined {
  const t = text.trim();
  const twelve = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(t);
  if (twelve) {
    const h = Number(twelve[1]);
    const m = Number(twelve[2]);
    if (h < 1 || h > 12 || m > 59) return undefined;
    const pm = twelve[3].toUpperCase() === 'PM';
    return ((h % 12) + (pm ? 12 : 0)) * 60 + m;
  }
  const h24 = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (h24) {
    const h = Number(h24[1]);
    const m = Number(h24[2]);
    if (h > 23 || m > 59) return undefined;
    return h * 60 + m;
  }
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 540 → '09:00' (wraps past midnight). */
export function clock24(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}
/** '09:00' → '9:00 AM'. */
export function clock12(hhmm: string): string {
  const mins = parseClock(hhmm) ?? 0;
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** yyyy-MM-dd plus minutes after midnight in Jamaica (UTC−5 all year) → the instant. */
export function jamaicaInstantAt(date: string, minutes: number): Date {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d, 5, 0, 0) + minutes * 60_000);
}

export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date && Number(m[1]) >= 1900;
}

/**
 * The shared fee policy applied to an hourly rate as the API writes it ('1500.00') and a duration: what the
 * booking screens show, priced exactly as the server prices the booking.
 */
export function bookingCost(hourlyRate: string | number, hours: number): BookingPrice {
  return priceBooking(toCents(hourlyRate), hours);
}

export interface CancellationTerms {
  /** Cancelled at no cost (early, by the caregiver, or not yet accepted). */
  free: boolean;
  /** Paid to the caregiver (cents). */
  lateFee: Cents;
  /** Given back to the family (cents) out of the total. */
  refund: Cents;
  /** Until when a family's cancellation is free. */
  freeUntil: Date;
}

/**
 * The cancellation policy (one place): a family cancelling 24 h or more before the start pays nothing;
 * later, 50% of the subtotal goes to the caregiver and the rest of the total is refunded. A caregiver
 * cancelling refunds the family in full, and so does withdrawing a request nobody accepted yet. Ending the
 * relationship after a trial visit (cancel reason 'trial_ended', ADR 0048) is free for both sides.
 */
export function cancellationTerms(
  booking: {
    status: string;
    startsAt: Date;
    hourlyRateCents: Cents;
    duration: number;
    cancelReason?: string | null;
  },
  by: 'family' | 'caregiver',
  now: Date,
): CancellationTerms {
  const price = priceBooking(booking.hourlyRateCents, booking.duration);
  const freeUntil = new Date(booking.startsAt.getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
  const free =
    by === 'caregiver' ||
    booking.cancelReason === 'trial_ended' ||
    booking.status !== 'confirmed' ||
    now.getTime() <= freeUntil.getTime();
  const lateFee = free ? 0 : Math.round((price.subtotal * LATE_CANCELLATION_PERCENT) / 100);
  return { free, lateFee, refund: price.total - lateFee, freeUntil };
}
