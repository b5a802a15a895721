import { type BookingStatus, clock12 } from '../../../shared/booking-rules';
import { type BookingSeriesView, isoWeekday } from '../../../shared/contracts/booking-series';
import type { BookingView } from '../../../shared/contracts/bookings';
import { toCents } from '../../../shared/money';
import { formatDay } from './booking-time-text';
import { weekdaysText } from './series-form';

/** A visit that still holds the caregiver's time (counts in a total, can be cancelled). */
const LIVE: ReadonlySet<BookingStatus> = new Set(['awaiting_approval', 'pending', 'confirmed', 'completed']);

export const SERIES_STATUS_LABEL: Record<BookingSeriesView['status'], string> = {
  requested: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  left: 'Ended by the caregiver',
};

/** 'Mon, Wed, Fri at 8:00 AM, 4 h each'. */
export function seriesRuleText(s: Pick<BookingSeriesView, 'weekdays' | 'startTime' | 'hours'>): string {
  return `${weekdaysText(s.weekdays)} at ${clock12(s.startTime)}, ${s.hours} h each`;
}

/** '24 visits, Monday, 7 December 2026 to Friday, 29 January 2027' (the visits the series holds). */
export function seriesSpanText(visits: readonly Pick<BookingView, 'date'>[]): string {
  if (visits.length === 0) return 'No visits';
  const count = visits.length === 1 ? '1 visit' : `${visits.length} visits`;
  const first = formatDay(visits[0].date);
  if (visits.length === 1) return `${count}, ${first}`;
  return `${count}, ${first} to ${formatDay(visits[visits.length - 1].date)}`;
}

/** The family's total of the visits not declined, expired or cancelled (cents). */
export function seriesTotalCents(visits: readonly Pick<BookingView, 'status' | 'totalCost'>[]): number {
  return visits.filter((v) => LIVE.has(v.status)).reduce((sum, v) => sum + toCents(v.totalCost), 0);
}

/** The visits a "cancel the rest" would cancel: live and not yet started. */
export function visitsToCancel<T extends Pick<BookingView, 'status' | 'startsAt'>>(
  visits: readonly T[],
  now: Date,
): T[] {
  return visits.filter(
    (v) => LIVE.has(v.status) && v.status !== 'completed' && new Date(v.startsAt).getTime() > now.getTime(),
  );
}

export interface SeriesPosition {
  seriesId: number;
  /** 1-based, in date order. */
  index: number;
  count: number;
}

/** The visits of each series in a booking list, in date order. */
export function groupBySeries<T extends Pick<BookingView, 'seriesId' | 'startsAt'>>(
  bookings: readonly T[],
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const b of bookings) {
    if (b.seriesId == null) continue;
    const list = groups.get(b.seriesId) ?? [];
    list.push(b);
    groups.set(b.seriesId, list);
  }
  for (const list of groups.values()) list.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return groups;
}

/** "Visit 3 of 24": a booking's place among the visits of its series that the list holds. */
export function positionIn(
  booking: Pick<BookingView, 'id' | 'seriesId'>,
  groups: Map<number, Pick<BookingView, 'id'>[]>,
): SeriesPosition | undefined {
  if (booking.seriesId == null) return undefined;
  const list = groups.get(booking.seriesId);
  const at = list?.findIndex((b) => b.id === booking.id) ?? -1;
  if (!list || at < 0) return undefined;
  return { seriesId: booking.seriesId, index: at + 1, count: list.length };
}

/** The weekly rule a series' visits show (for lists that hold the visits, not the series). */
export function ruleOfVisits(
  visits: readonly Pick<BookingView, 'date' | 'startTime' | 'duration'>[],
): Pick<BookingSeriesView, 'weekdays' | 'startTime' | 'hours'> {
  const weekdays = [...new Set(visits.map((v) => isoWeekday(v.date)))].sort((a, b) => a - b);
  return { weekdays, startTime: visits[0]?.startTime ?? '00:00', hours: visits[0]?.duration ?? 0 };
}
