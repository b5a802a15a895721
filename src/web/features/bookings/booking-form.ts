import { type BookingPrice, centsToDecimal, priceBooking, toCents } from '../../../shared/money';

/** Spec §9: start times hourly from 6:00 AM to 9:00 PM (16 slots). */
export const FIRST_START_HOUR = 6;
export const LAST_START_HOUR = 21;

/** Spec §9: durations 1, 2, 3, 4, 6, 8 (full day) and 12 hours; default 2. */
export const DURATIONS = [1, 2, 3, 4, 6, 8, 12] as const;
export const DEFAULT_DURATION = 2;

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

/** End time = start + duration, in 12-hour form (spec §9). */
export function endTimeFor(startTime: string, duration: number): EndTime | undefined {
  const start = parseHour(startTime);
  if (start === undefined) return undefined;
  const end = start + duration;
  return { label: formatHour(end), nextDay: end >= 24 };
}

/** The shared fee policy applied to a caregiver's hourly rate ('1500.00') and a duration. */
export function bookingCost(hourlyRate: string | number, hours: number): BookingPrice {
  return priceBooking(toCents(hourlyRate), hours);
}

/** Spec §3: the profile panel's booking request. familyId is not sent: the server takes it from the session. */
export interface ProfileBookingRequest {
  caregiverId: number;
  /** yyyy-MM-dd */
  date: string;
  /** '9:00 AM' */
  startTime: string;
  endTime: string;
  /** Hours. */
  duration: number;
  /** Numeric string, e.g. '3150.00'. */
  totalCost: string;
  notes?: string;
}

export function buildBookingRequest(input: {
  caregiverId: number;
  hourlyRate: string;
  date: string;
  startTime: string;
  duration: number;
  notes: string;
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
  };
}

/** yyyy-MM-dd strings compare in date order. */
export function isValidBookingDate(date: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) && date >= today;
}
