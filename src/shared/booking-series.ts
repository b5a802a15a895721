/**
 * Recurring bookings (a series, ADR 0027): the rule's limits, the expansion of a rule into visit dates
 * (calendar dates in Jamaica) and the conflict check against the caregiver's held time. Pure: no zod, no
 * clock, no database, so the server and the booking screens compute the same dates.
 */

/** A series reaches at most this many weeks ahead of today (Jamaica). */
export const SERIES_MAX_WEEKS = 26;
export const SERIES_MAX_DAYS_AHEAD = SERIES_MAX_WEEKS * 7;
/** Every day for 26 weeks (and the first day again): no rule can have more visits. */
export const SERIES_MAX_VISITS = SERIES_MAX_DAYS_AHEAD + 1;

/** 'left': the caregiver ended an accepted series; its future visits were cancelled (ADR 0031). */
export const SERIES_STATUS_VALUES = ['requested', 'accepted', 'declined', 'cancelled', 'left'] as const;
export type SeriesStatus = (typeof SERIES_STATUS_VALUES)[number];

/** Why a date of a series cannot be booked: the caregiver holds a pending or confirmed booking then. */
/** 'time_off': the caregiver is away then (ADR 0046). */
export const SERIES_CONFLICT_REASONS = ['booked', 'time_off'] as const;
export type SeriesConflictReason = (typeof SERIES_CONFLICT_REASONS)[number];

export const SERIES_MESSAGES = {
  endOrVisits: 'Give either an end date or a number of visits, not both.',
  endBeforeStart: 'The end date must be on or after the first date.',
  tooFar: `A series can reach at most ${SERIES_MAX_WEEKS} weeks ahead.`,
  noVisits: 'No visit falls on the chosen weekdays between these dates.',
  conflicts: 'The caregiver is already booked on some of these dates.',
  allTaken: 'The caregiver is already booked on every date of this series.',
  notFound: 'Series not found',
  notRequested: 'This series was already answered.',
  nothingToAnswer: 'No visit of this series is waiting for an answer.',
  awaitingApproval:
    'Some visits of this series still wait for a payer’s approval: answer once they are approved.',
  notCancellable: 'This series is already declined, cancelled or left by its caregiver.',
  notLeavable: 'Only an accepted series can be left.',
  nothingToLeave: 'No visit of this series is still to come.',
} as const;

const DAY_MS = 86_400_000;

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** yyyy-MM-dd plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return dateOf(utcDay(date) + days * DAY_MS);
}

/** The ISO weekday of a calendar date: Monday 1 … Sunday 7. */
export function isoWeekday(date: string): number {
  const d = new Date(utcDay(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

export interface SeriesRule {
  /** ISO weekdays, Monday 1 … Sunday 7 (any order; repeats count once). */
  weekdays: readonly number[];
  /** The first date the series may fall on (yyyy-MM-dd, Jamaica). */
  startDate: string;
  /** The last date it may fall on (inclusive); or */
  endDate?: string;
  /** how many visits it has. */
  visits?: number;
}

/**
 * The dates of a series, ascending: every date from startDate whose ISO weekday is in the rule, up to
 * endDate (inclusive) or until `visits` dates are found. `horizon` (inclusive) stops the walk in any case:
 * a rule with `visits` whose last date would pass it yields only the dates up to it (the caller compares
 * the count). An empty weekday set, or no end and no count, yields nothing.
 */
export function expandSeriesDates(rule: SeriesRule, horizon?: string): string[] {
  const days = new Set(rule.weekdays.filter((w) => Number.isInteger(w) && w >= 1 && w <= 7));
  if (days.size === 0) return [];
  const last = [rule.endDate, horizon].filter((d): d is string => d !== undefined).sort()[0];
  if (last === undefined && rule.visits === undefined) return [];
  const want = rule.visits ?? Number.POSITIVE_INFINITY;
  // Without a horizon or an end, `visits` dates lie within visits/|days| weeks (plus one).
  const stop = last ?? addDays(rule.startDate, (Math.ceil(want / days.size) + 1) * 7);
  const out: string[] = [];
  for (let d = rule.startDate; d <= stop && out.length < want; d = addDays(d, 1)) {
    if (days.has(isoWeekday(d))) out.push(d);
  }
  return out;
}

/** A visit as the conflict check sees it, and the caregiver's held time. */
export interface TimedDate {
  date: string;
  startsAt: Date;
  endsAt: Date;
}
export interface HeldTime {
  startsAt: Date;
  endsAt: Date;
}

export interface SeriesConflict {
  date: string;
  reason: SeriesConflictReason;
}

/**
 * Every visit that overlaps held time (half-open ranges, as the database's exclusion constraint: back to
 * back is no clash) or the caregiver's time off ([start, end) in epoch milliseconds), once each, in the
 * visits' order; a visit both booked and in time off is 'booked'.
 */
export function findSeriesConflicts(
  visits: readonly TimedDate[],
  held: readonly HeldTime[],
  timeOff: readonly (readonly [number, number])[] = [],
): SeriesConflict[] {
  const out: SeriesConflict[] = [];
  for (const v of visits) {
    const s = v.startsAt.getTime();
    const e = v.endsAt.getTime();
    if (held.some((h) => h.startsAt.getTime() < e && h.endsAt.getTime() > s)) {
      out.push({ date: v.date, reason: 'booked' });
    } else if (timeOff.some(([a, b]) => a < e && b > s)) {
      out.push({ date: v.date, reason: 'time_off' });
    }
  }
  return out;
}
