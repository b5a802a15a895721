/**
 * The one availability model (ADR 0046): a caregiver's weekly pattern, plus dated exceptions (time off: a
 * day, a range of days, or part of each day of a range; extra hours on a date), minus busy time (bookings,
 * and any other busy source such as confirmed meetings) → free intervals per Jamaica day. Pure: no zod, no
 * clock of its own, no database, so the server (free slots, booking, series, search, backups) and the
 * screens reason alike.
 */
import { hoursOn } from './availability';
import { FIRST_START_HOUR, jamaicaInstantAt, LAST_START_HOUR, parseClock } from './booking-rules';
import { addDays, isoWeekday } from './booking-series';

/** [start, end) in epoch milliseconds. */
export type Interval = readonly [start: number, end: number];

export const EXCEPTION_KINDS = ['time_off', 'extra'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/**
 * A dated exception to the weekly pattern. Without times: whole days from `from` to `to` (inclusive). With
 * times: those hours on each day of the range (for one part of one day, from = to).
 */
export interface DatedException {
  kind: ExceptionKind;
  /** yyyy-MM-dd (Jamaica). */
  from: string;
  to: string;
  /** 'HH:MM' (Jamaica), both or neither. */
  startTime: string | null;
  endTime: string | null;
}

/** The longest range one time off may cover, and how far ahead it may reach. */
export const TIME_OFF_MAX_DAYS = 90;
export const EXCEPTION_MAX_DAYS_AHEAD = 366;
/** How many days the free-time calendar shows (and the most one request may ask for). */
export const FREE_SLOT_DAYS = 28;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const JAMAICA_OFFSET_MS = -5 * HOUR_MS;

/** The instants an exception covers, one interval per day when it has times, else one for the whole range. */
export function exceptionIntervals(e: DatedException): Interval[] {
  const start = e.startTime === null ? undefined : parseClock(e.startTime);
  const end = e.endTime === null ? undefined : parseClock(e.endTime);
  if (start === undefined || end === undefined || end <= start) {
    return [[jamaicaInstantAt(e.from, 0).getTime(), jamaicaInstantAt(addDays(e.to, 1), 0).getTime()]];
  }
  const out: Interval[] = [];
  for (let d = e.from; d <= e.to; d = addDays(d, 1)) {
    out.push([jamaicaInstantAt(d, start).getTime(), jamaicaInstantAt(d, end).getTime()]);
  }
  return out;
}

/** Time off and extra hours as instants, each list sorted by start. */
export interface ExceptionTimes {
  timeOff: Interval[];
  extra: Interval[];
}

export function exceptionTimes(exceptions: readonly DatedException[]): ExceptionTimes {
  const timeOff: Interval[] = [];
  const extra: Interval[] = [];
  for (const e of exceptions) (e.kind === 'time_off' ? timeOff : extra).push(...exceptionIntervals(e));
  const byStart = (a: Interval, b: Interval) => a[0] - b[0];
  return { timeOff: timeOff.sort(byStart), extra: extra.sort(byStart) };
}

/** The first time off overlapping [startsAt, endsAt) (half-open: back to back is no clash), if any. */
export function timeOffDuring(
  exceptions: readonly DatedException[],
  startsAt: Date,
  endsAt: Date,
): DatedException | undefined {
  const s = startsAt.getTime();
  const e = endsAt.getTime();
  return exceptions.find(
    (x) => x.kind === 'time_off' && exceptionIntervals(x).some(([a, b]) => a < e && b > s),
  );
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
/** '2026-12-07' → 'Mon 7 Dec'. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]}`;
}
const clockText = (hhmm: string) => {
  const mins = parseClock(hhmm) ?? 0;
  const h = Math.floor(mins / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(mins % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * Why a booking into time off is refused, naming the dates: 'Shanique is away from Mon 7 Dec to Fri 11 Dec.',
 * 'Shanique is away on Mon 7 Dec.', 'Shanique is away on Mon 7 Dec from 9:00 AM to 12:00 PM.'
 */
export function timeOffMessage(firstName: string, e: DatedException): string {
  const days =
    e.from === e.to ? `on ${shortDate(e.from)}` : `from ${shortDate(e.from)} to ${shortDate(e.to)}`;
  const hours =
    e.startTime && e.endTime
      ? `${e.from === e.to ? '' : ' each day'} from ${clockText(e.startTime)} to ${clockText(e.endTime)}`
      : '';
  return `${firstName} is away ${days}${hours}.`;
}

/** Sorted, merged copy of intervals (overlapping or touching ones joined). */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = [...list].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** `from` minus every interval of `minus` (both merged first). */
export function subtractIntervals(from: readonly Interval[], minus: readonly Interval[]): Interval[] {
  const holes = mergeIntervals(minus);
  const out: Interval[] = [];
  for (const [s0, e] of mergeIntervals(from)) {
    let s = s0;
    for (const [hs, he] of holes) {
      if (he <= s || hs >= e) continue;
      if (hs > s) out.push([s, hs]);
      s = Math.max(s, he);
      if (s >= e) break;
    }
    if (s < e) out.push([s, e]);
  }
  return out;
}

/** Midnight starting a Jamaica date, as epoch milliseconds. */
const dayStartOf = (date: string) => jamaicaInstantAt(date, 0).getTime();
/** The Jamaica date (yyyy-MM-dd) of an instant. */
export function jamaicaDateOf(ms: number): string {
  return new Date(ms + JAMAICA_OFFSET_MS).toISOString().slice(0, 10);
}

export interface FreeTimeInput {
  /** The weekly pattern (the availability words: 'Mornings', 'Monday Morning', 'Available Now'…). */
  availability: readonly string[];
  /** The 'taking bookings' switch: off, nothing is free. */
  isAvailable: boolean;
  exceptions: readonly DatedException[];
  /** Busy time: pending and confirmed bookings, confirmed meetings, any other source. */
  busy: readonly Interval[];
  /** The first Jamaica date shown (yyyy-MM-dd) and how many days. */
  from: string;
  days: number;
  now: Date;
}

export interface FreeDay {
  date: string;
  free: Interval[];
}

/**
 * The hours a caregiver offers from `from` for `days` days, before busy time and time off: the weekly
 * pattern's windows (a day's windows may run past midnight), extra hours, and the rest of today when the
 * pattern says 'Available Now'. Merged.
 */
export function offeredHours(input: Omit<FreeTimeInput, 'busy' | 'isAvailable'>): Interval[] {
  const { availability, now } = input;
  const windows: Interval[] = [];
  // From the day before: an overnight window opened then may still be open.
  for (let i = -1; i < input.days; i++) {
    const date = addDays(input.from, i);
    const start = dayStartOf(date);
    for (const [h0, h1] of hoursOn(availability, isoWeekday(date) % 7))
      windows.push([start + h0 * HOUR_MS, start + h1 * HOUR_MS]);
  }
  if (availability.includes('Available Now')) {
    const today = jamaicaDateOf(now.getTime());
    windows.push([now.getTime(), dayStartOf(addDays(today, 1))]);
  }
  windows.push(...exceptionTimes(input.exceptions).extra);
  return mergeIntervals(windows);
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * Free intervals per Jamaica day, each one bookable as it is shown: it starts on the hour, strictly after
 * `now`, at a start time bookings allow (6:00 AM to 9:00 PM), lasts at least an hour and ends on the hour;
 * it lies in the offered hours and in no busy time or time off. A day's intervals end at its midnight at
 * the latest. Every day of the range is listed, with no free time too. A caregiver not taking bookings has
 * none.
 */
export function freeDays(input: FreeTimeInput): FreeDay[] {
  const nowMs = input.now.getTime();
  const { timeOff } = exceptionTimes(input.exceptions);
  const free = input.isAvailable ? subtractIntervals(offeredHours(input), [...input.busy, ...timeOff]) : [];
  const out: FreeDay[] = [];
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.from, i);
    const day0 = dayStartOf(date);
    const firstStart = day0 + FIRST_START_HOUR * HOUR_MS;
    const lastStart = day0 + LAST_START_HOUR * HOUR_MS;
    const dayEnd = day0 + DAY_MS;
    const slots: Interval[] = [];
    for (const [s, e] of free) {
      if (e <= day0 || s >= dayEnd) continue;
      const start = Math.max(ceilHour(Math.max(s, nowMs + 1)), firstStart);
      const end = floorHour(Math.min(e, dayEnd));
      if (start <= lastStart && end - start >= HOUR_MS) slots.push([start, end]);
    }
    out.push({ date, free: slots });
  }
  return out;
}

/** Why the server refuses a booking of [startsAt, startsAt + hours) (the rules of create-booking), or null. */
export type BookingRefusal = 'unavailable' | 'start_hour' | 'past' | 'overlap' | 'time_off';

/**
 * The server's rule for a booking's time, in one place for the property tests and the booking use case's
 * time-off check: taking bookings, a start on the hour from 6:00 AM to 9:00 PM (Jamaica) after `now`, no
 * overlap with busy time (the database's exclusion constraint for bookings), no time off.
 */
export function bookingRefusal(input: {
  startsAt: Date;
  hours: number;
  now: Date;
  isAvailable: boolean;
  busy: readonly Interval[];
  exceptions: readonly DatedException[];
}): BookingRefusal | null {
  if (!input.isAvailable) return 'unavailable';
  const s = input.startsAt.getTime();
  const e = s + input.hours * HOUR_MS;
  const minutes = ((((s + JAMAICA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
  if (minutes % 60 !== 0 || minutes / 60 < FIRST_START_HOUR || minutes / 60 > LAST_START_HOUR)
    return 'start_hour';
  if (s <= input.now.getTime()) return 'past';
  if (input.busy.some(([a, b]) => a < e && b > s)) return 'overlap';
  if (timeOffDuring(input.exceptions, input.startsAt, new Date(e))) return 'time_off';
  return null;
}
