import { onFirstUse } from './on-first-use';
import { TIME_ZONE } from './time';

// Formatters are built on first use: each costs a phone several ms, paid by every page loading this module.
const parts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const WORKING_DAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);

/**
 * Monday to Friday, 9:00 (inclusive) to 17:00 (exclusive), in Jamaica — whatever the device's time zone.
 * The search's urgent=true filter (spec: "Available Now or Today") is 'Available Now', or 'Weekdays' during
 * these hours.
 */
export function isJamaicaWorkingHours(now: Date): boolean {
  let weekday = '';
  let minutes = 0;
  for (const p of parts().formatToParts(now)) {
    if (p.type === 'weekday') weekday = p.value;
    else if (p.type === 'hour') minutes += Number(p.value) * 60;
    else if (p.type === 'minute') minutes += Number(p.value);
  }
  return WORKING_DAYS.has(weekday) && minutes >= 9 * 60 && minutes < 17 * 60;
}

/** Jamaica's offset from UTC: −5 hours all year (no daylight saving). */
const JAMAICA_OFFSET_MS = -5 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far ahead nextAvailableAt looks. */
export const NEXT_AVAILABLE_DAYS = 14;

type Hours = readonly [start: number, end: number];
/** The hours (Jamaica time, end may pass midnight) of each part of a day in the availability vocabulary. */
export const SLOT_HOURS = {
  Morning: [6, 12],
  Afternoon: [12, 17],
  Evening: [17, 22],
  Overnight: [22, 30],
  Weekdays: [9, 17],
  Weekends: [8, 20],
} as const satisfies Record<string, Hours>;

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The hours a caregiver offers on a weekday (0 = Sunday) by their availability list: 'Monday Morning'
 * (that day), 'Mornings' / 'Afternoons' / 'Evenings' / 'Overnight' (every day), 'Weekdays' (Monday to
 * Friday, 9:00–17:00), 'Weekends' (Saturday and Sunday, 8:00–20:00). 'Available Now' is handled by
 * nextAvailableAt; 'Emergency/On-call' names no regular hours.
 */
export function hoursOn(availability: readonly string[], weekday: number): Hours[] {
  const out: Hours[] = [];
  const day = DAY_NAMES[weekday];
  for (const slot of availability) {
    if (slot === 'Mornings') out.push(SLOT_HOURS.Morning);
    else if (slot === 'Afternoons') out.push(SLOT_HOURS.Afternoon);
    else if (slot === 'Evenings') out.push(SLOT_HOURS.Evening);
    else if (slot === 'Overnight') out.push(SLOT_HOURS.Overnight);
    else if (slot === 'Weekdays' && weekday >= 1 && weekday <= 5) out.push(SLOT_HOURS.Weekdays);
    else if (slot === 'Weekends' && (weekday === 0 || weekday === 6)) out.push(SLOT_HOURS.Weekends);
    else if (slot.startsWith(`${day} `)) {
      const part = slot.slice(day.length + 1) as 'Morning' | 'Afternoon' | 'Evening';
      if (part in SLOT_HOURS) out.push(SLOT_HOURS[part]);
    }
  }
  return out;
}

export interface BusyTime {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The first moment from `now` within the next NEXT_AVAILABLE_DAYS days that falls in the caregiver's
 * weekly hours (Jamaica time) and in none of their bookings (confirmed or pending); null when there is
 * none, or when the 'available for bookings' switch is off. 'Available Now' in the list counts the rest
 * of today as free hours.
 */
export function nextAvailableAt(
  caregiver: { availability: readonly string[]; isAvailable: boolean },
  busy: readonly BusyTime[],
  now: Date,
  exceptions?: DatedTimes,
): Date | null {
  if (!caregiver.isAvailable) return null;
  const bookings = busy.map((b) => [b.startsAt.getTime(), b.endsAt.getTime()] as const);
  return nextFreeMoment(caregiver.availability, bookings, now, exceptions);
}

/**
 * Dated exceptions to the weekly pattern as instants (free-time.ts exceptionTimes): time off counts as busy,
 * extra hours as windows of the day they start on.
 */
export interface DatedTimes {
  timeOff: readonly (readonly [number, number])[];
  extra: readonly (readonly [number, number])[];
}

/**
 * nextAvailableAt of a caregiver whose switch is on, with their bookings as [start, end) in epoch
 * milliseconds (a search page's rows carry them so, not as dates to parse).
 */
export function nextFreeMoment(
  availability: readonly string[],
  bookings: readonly (readonly [number, number])[],
  now: Date,
  exceptions?: DatedTimes,
): Date | null {
  const stretch = firstFreeStretch(availability, bookings, now, exceptions);
  return stretch ? new Date(stretch[0]) : null;
}

/**
 * nextFreeMoment's answer t as epoch milliseconds, with a moment u after it such that all of [t, u) is
 * free: the end of the weekly window (or of today's 'Available Now' hours) t falls in, or the start of the
 * next booking, whichever comes first. So at any moment m in [t, u) the answer is m itself.
 */
export function firstFreeStretch(
  availability: readonly string[],
  booked: readonly (readonly [number, number])[],
  now: Date,
  exceptions?: DatedTimes,
): [from: number, until: number] | null {
  const nowMs = now.getTime();
  // Time off is busy time like a booking; extra hours are windows of the day they start on.
  const bookings = exceptions?.timeOff.length ? [...booked, ...exceptions.timeOff] : booked;
  const extra = exceptions?.extra ?? [];
  const horizon = nowMs + NEXT_AVAILABLE_DAYS * DAY_MS;
  // Midnight of today in Jamaica, as a UTC instant.
  const todayStart = jamaicaDayEnd(nowMs) - DAY_MS;
  const availableNow = availability.includes('Available Now');
  // The week's hours, once per weekday (search pages ask this for every caregiver they show).
  const week: Hours[][] = [];
  // Day by day: every window of a day opens before any window of the next (hours start before 24:00),
  // so the first free moment of the earliest day that has one is the answer, and later days are never
  // worked out. From yesterday: an overnight window started then may still be open.
  for (let d = -1; d <= NEXT_AVAILABLE_DAYS; d++) {
    const dayStart = todayStart + d * DAY_MS;
    const weekday = new Date(dayStart - JAMAICA_OFFSET_MS).getUTCDay();
    week[weekday] ??= hoursOn(availability, weekday);
    const windows: [number, number][] = [];
    if (d === 0 && availableNow) windows.push([nowMs, todayStart + DAY_MS]);
    for (const [from, to] of week[weekday])
      windows.push([dayStart + from * HOUR_MS, dayStart + to * HOUR_MS]);
    for (const [from, to] of extra)
      if (from >= dayStart && from < dayStart + DAY_MS) windows.push([from, to]);
    windows.sort((a, b) => a[0] - b[0]);
    for (const [from, to] of windows) {
      let t = Math.max(from, nowMs);
      // Step past every booking that covers t, until t is free or the window closes.
      for (let moved = true; moved && t < to; ) {
        moved = false;
        for (const [s, e] of bookings) {
          if (s <= t && t < e) {
            t = e;
            moved = true;
          }
        }
      }
      if (t < to && t < horizon) {
        let until = to;
        for (const [s] of bookings) if (s > t && s < until) until = s;
        return [t, until];
      }
    }
  }
  return null;
}

/**
 * The next midnight in Jamaica after `ms` (epoch milliseconds), as epoch milliseconds: where today's
 * 'Available Now' hours end.
 */
export function jamaicaDayEnd(ms: number): number {
  const local = ms + JAMAICA_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) + DAY_MS - JAMAICA_OFFSET_MS;
}

const dayKey = (ms: number) => Math.floor((ms + JAMAICA_OFFSET_MS) / DAY_MS);
const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * 'Sat 28 Nov': the date in Jamaica as Intl's en-GB short date writes it ('Sept' included; the tests compare),
 * from the fixed offset like dayKey rather than an Intl formatter, whose ICU set-up costs a phone tens of
 * milliseconds while the search results and the home page's cards hydrate.
 */
export function jamaicaShortDate(ms: number): string {
  const d = new Date(ms + JAMAICA_OFFSET_MS);
  return `${WEEKDAY_SHORT[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_SHORT[d.getUTCMonth()]}`;
}

/**
 * The availability badge from nextAvailableAt (ISO or null): 'Available now', 'Available today',
 * 'Available tomorrow', 'Next available Sat 28 Nov' (Jamaica dates), or null for no badge.
 */
export function nextAvailableLabel(next: string | null, now: Date): string | null {
  if (!next) return null;
  const at = new Date(next).getTime();
  if (Number.isNaN(at)) return null;
  if (at <= now.getTime()) return 'Available now';
  const days = dayKey(at) - dayKey(now.getTime());
  if (days === 0) return 'Available today';
  if (days === 1) return 'Available tomorrow';
  return `Next available ${jamaicaShortDate(at)}`;
}
