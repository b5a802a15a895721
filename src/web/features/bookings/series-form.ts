import { BOOKING_MESSAGES, bookingCost, jamaicaInstantAt, parseClock } from '../../../shared/booking-rules';
import type { SeriesConflict, SeriesConflictReason } from '../../../shared/booking-series';
import {
  addDays,
  CreateBookingSeriesRequest,
  expandSeriesDates,
  SERIES_MAX_DAYS_AHEAD,
  SERIES_MESSAGES,
} from '../../../shared/contracts/booking-series';
import { formatJmd } from '../../../shared/money';
import { DEFAULT_DURATION } from './booking-form';
import { formatDay } from './booking-time-text';

/** ISO weekdays (Monday 1 … Sunday 7) as the form shows them. */
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 7, short: 'Sun', long: 'Sunday' },
] as const;

/** The regular-care form as typed: times as the panel's labels ('8:00 AM'), the count as text. */
export interface SeriesDraft {
  weekdays: number[];
  startTime: string;
  hours: number;
  startDate: string;
  /** Whether the series ends on a date or after a number of visits. */
  ends: 'date' | 'visits';
  endDate: string;
  visits: string;
  notes: string;
}

export const EMPTY_SERIES_DRAFT: SeriesDraft = {
  weekdays: [],
  startTime: '',
  hours: DEFAULT_DURATION,
  startDate: '',
  ends: 'visits',
  endDate: '',
  visits: '',
  notes: '',
};

export type SeriesField = 'weekdays' | 'startTime' | 'hours' | 'startDate' | 'endDate' | 'visits' | 'notes';
export type SeriesErrors = Partial<Record<SeriesField, string>>;

/** The POST /api/booking-series body of a draft (the end the family chose; notes only when given). */
export function buildSeriesRequest(
  draft: SeriesDraft,
  caregiverId: number,
  circleId?: number,
  skipConflicts = false,
): CreateBookingSeriesRequest {
  const notes = draft.notes.trim();
  const count = draft.visits.trim();
  return {
    caregiverId,
    ...(circleId ? { circleId } : {}),
    weekdays: [...draft.weekdays].sort((a, b) => a - b),
    startTime: draft.startTime,
    hours: draft.hours,
    startDate: draft.startDate,
    ...(draft.ends === 'date'
      ? { endDate: draft.endDate }
      : { visits: /^\d+$/.test(count) ? Number(count) : Number.NaN }),
    ...(skipConflicts ? { skipConflicts: true } : {}),
    ...(notes ? { notes } : {}),
  };
}

const FIELDS = new Set<string>(['weekdays', 'startTime', 'hours', 'startDate', 'endDate', 'visits', 'notes']);

/**
 * The draft checked as the server will check it: the shared schema first (weekdays, time, hours, the end),
 * then the rules that need today (Jamaica): the first date not past, at most 26 weeks ahead, at least one
 * visit, the first start still to come. One message per field; empty when the draft can be sent.
 */
export function validateSeriesDraft(draft: SeriesDraft, now: Date, today: string): SeriesErrors {
  const errors: SeriesErrors = {};
  const put = (field: SeriesField, message: string) => {
    errors[field] ??= message;
  };
  if (!draft.startTime) put('startTime', 'Choose a start time.');
  if (!draft.startDate) put('startDate', 'Choose the first date.');
  if (draft.ends === 'date' && !draft.endDate) put('endDate', 'Choose the last date.');
  if (draft.ends === 'visits' && !draft.visits.trim()) put('visits', 'Give the number of visits.');
  const parsed = CreateBookingSeriesRequest.safeParse(buildSeriesRequest(draft, 1));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (FIELDS.has(field)) put(field as SeriesField, issue.message);
    }
    return errors;
  }
  if (Object.keys(errors).length) return errors;
  const body = parsed.data;
  const horizon = addDays(today, SERIES_MAX_DAYS_AHEAD);
  if (body.startDate < today) put('startDate', BOOKING_MESSAGES.pastDate);
  else if (body.startDate > horizon) put('startDate', SERIES_MESSAGES.tooFar);
  if (body.endDate !== undefined && body.endDate > horizon) put('endDate', SERIES_MESSAGES.tooFar);
  if (Object.keys(errors).length) return errors;
  const dates = expandSeriesDates(body, horizon);
  if (body.visits !== undefined && dates.length < body.visits) put('visits', SERIES_MESSAGES.tooFar);
  else if (dates.length === 0) put('weekdays', SERIES_MESSAGES.noVisits);
  else if (jamaicaInstantAt(dates[0], body.startTime).getTime() <= now.getTime())
    put('startTime', BOOKING_MESSAGES.startPassed);
  return errors;
}

/** 'Mon, Wed, Fri' (in week order). */
export function weekdaysText(weekdays: readonly number[]): string {
  return WEEKDAYS.filter((d) => weekdays.includes(d.value))
    .map((d) => d.short)
    .join(', ');
}

export interface SeriesSummary {
  dates: string[];
  /** One visit's total by the shared fee policy (cents). */
  perVisit: number;
  total: number;
  text: string;
}

/**
 * What the draft books, computed with the shared expansion (the server's dates): "Mon, Wed, Fri at 8:00 AM,
 * 4 h, 24 visits, J$… in all, paid visit by visit". Undefined until weekdays, a time, a first date and an
 * end give at least one visit.
 */
export function seriesSummary(
  draft: SeriesDraft,
  hourlyRate: string,
  today: string,
): SeriesSummary | undefined {
  const start = parseClock(draft.startTime);
  if (!draft.weekdays.length || start === undefined || !draft.startDate) return undefined;
  const count = Number(draft.visits.trim());
  const rule =
    draft.ends === 'date'
      ? { weekdays: draft.weekdays, startDate: draft.startDate, endDate: draft.endDate || undefined }
      : {
          weekdays: draft.weekdays,
          startDate: draft.startDate,
          visits: Number.isInteger(count) && count > 0 ? count : undefined,
        };
  if (rule.endDate === undefined && rule.visits === undefined) return undefined;
  const dates = expandSeriesDates(rule, addDays(today, SERIES_MAX_DAYS_AHEAD));
  if (dates.length === 0) return undefined;
  const perVisit = bookingCost(hourlyRate, draft.hours).total;
  const total = perVisit * dates.length;
  const visits = dates.length === 1 ? '1 visit' : `${dates.length} visits`;
  const text = `${weekdaysText(draft.weekdays)} at ${draft.startTime}, ${draft.hours} h, ${visits}, ${formatJmd(total)} in all, paid visit by visit`;
  return { dates, perVisit, total, text };
}

const REASONS: Record<SeriesConflictReason, string> = {
  booked: 'the caregiver already has another booking then',
  time_off: 'the caregiver is away then (time off)',
};

/** 'Wednesday, 9 December 2026: the caregiver already has another booking then'. */
export function conflictText(conflict: SeriesConflict): string {
  return `${formatDay(conflict.date)}: ${REASONS[conflict.reason] ?? 'the caregiver is not free then'}`;
}

/** The conflicts of a 409 SERIES_CONFLICTS body, each only when it has the right shape. */
export function readConflicts(body: unknown): SeriesConflict[] {
  if (!body || typeof body !== 'object') return [];
  const list = (body as { conflicts?: unknown }).conflicts;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (c): c is SeriesConflict =>
      !!c &&
      typeof c === 'object' &&
      typeof (c as SeriesConflict).date === 'string' &&
      typeof (c as SeriesConflict).reason === 'string',
  );
}
