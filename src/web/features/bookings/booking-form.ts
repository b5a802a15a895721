import {
  bookingCost,
  FIRST_START_HOUR,
  LAST_START_HOUR,
  PANEL_DEFAULT_DURATION,
  PANEL_DURATIONS,
} from '../../../shared/booking-rules';
import type { CreateBookingRequest } from '../../../shared/contracts/bookings';
import { centsToDecimal } from '../../../shared/money';

// The panel's hours, durations and pricing are the shared booking rules the server checks; re-exported
// under the panel's names for its components.
export { bookingCost, FIRST_START_HOUR, LAST_START_HOUR };
export const DURATIONS = PANEL_DURATIONS;
export const DEFAULT_DURATION = PANEL_DEFAULT_DURATION;

export function durationLabel(hours: number): string {
  if (hours === 8) return '8 hours (full day)';
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** 9 → '9:00 AM', 13 → '1:00 PM', 0 and 24 → '12:00 AM' (hours past midnight wrap to the next day). */
export function formatHour(hour24: number): string {
  const h = ((hour24 % 24) + 24) % 24;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:00 ${suffix}`;
}

export const START_TIMES: readonly string[] = Array.from(
  { length: LAST_START_HOUR - FIRST_START_HOUR + 1 },
  (_, i) => formatHour(FIRST_START_HOUR + i),
);

/** '9:00 PM' → 21; undefined for anything that is not one of our 12-hour labels. */
export function parseHour(label: string): number | undefined {
  const match = /^(\d{1,2}):00 (AM|PM)$/.exec(label.trim());
  if (!match) return undefined;
  const h = Number(match[1]);
  if (h < 1 || h > 12) return undefined;
  return (h % 12) + (match[2] === 'PM' ? 12 : 0);
}

export interface EndTime {
  /** '11:00 AM' */
  label: string;
  /** True when the booking runs past midnight. */
  nextDay: boolean;
}

/** End time = start + duration, in 12-hour form (docs/product.md#constants-and-limits). */
export function endTimeFor(startTime: string, duration: number): EndTime | undefined {
  const start = parseHour(startTime);
  if (start === undefined) return undefined;
  const end = start + duration;
  return { label: formatHour(end), nextDay: end >= 24 };
}

/**
 * docs/product.md#records: the profile panel's booking request (startTime '9:00 AM', duration in hours, totalCost a numeric
 * string), one of the two shapes the contract accepts. familyId is not sent: the server takes it from the
 * session.
 */
export type ProfileBookingRequest = Pick<
  CreateBookingRequest,
  'caregiverId' | 'circleId' | 'date' | 'startTime' | 'notes'
> &
  Required<Pick<CreateBookingRequest, 'endTime' | 'duration' | 'totalCost'>>;

export function buildBookingRequest(input: {
  caregiverId: number;
  hourlyRate: string;
  date: string;
  startTime: string;
  duration: number;
  notes: string;
  /** A care circle the family coordinates: the booking is for its recipient. */
  circleId?: number;
}): ProfileBookingRequest {
  const end = endTimeFor(input.startTime, input.duration);
  if (!end) throw new Error(`Not a start time: ${input.startTime}`);
  const notes = input.notes.trim();
  return {
    caregiverId: input.caregiverId,
    date: input.date,
    startTime: input.startTime,
    endTime: end.label,
    duration: input.duration,
    totalCost: centsToDecimal(bookingCost(input.hourlyRate, input.duration).total),
    ...(notes ? { notes } : {}),
    ...(input.circleId ? { circleId: input.circleId } : {}),
  };
}

/** yyyy-MM-dd strings compare in date order. */
export function isValidBookingDate(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) && date >= today;
}
