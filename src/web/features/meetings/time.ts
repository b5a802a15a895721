import { FIRST_START_HOUR, LAST_START_HOUR } from '../../../shared/booking-rules';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, formatMemberTime } from '../../../shared/member-time';
import { TIME_ZONE } from '../../../shared/time';

/** The viewer's zone: their saved one when Intl knows it, else Jamaica's. */
export const viewerZone = (timeZone: string | null | undefined) =>
  (timeZone && canonicalTimeZone(timeZone)) || DEFAULT_TIME_ZONE;

function wallParts(at: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: Date, zone: string): number {
  const p = wallParts(at, zone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
  );
}

/** The instant a wall clock in `zone` shows `date` (yyyy-MM-dd) at `time` (HH:mm); undefined if malformed. */
export function zonedInstant(date: string, time: string, zone: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return undefined;
  // Two passes settle the offset on either side of a daylight-saving change.
  let at = wall - offsetMs(new Date(wall), zone);
  at = wall - offsetMs(new Date(at), zone);
  return new Date(at);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date (yyyy-MM-dd) and time (HH:mm) of `at` in `zone`. */
export function zonedParts(at: Date, zone: string): { date: string; time: string } {
  const p = wallParts(at, zone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** 'Tue, Dec 3 · 9:00 AM Toronto (10:00 AM Jamaica)': the viewer's zone first, Jamaica's beside when different. */
export function formatMeetingTime(at: Date | string, zone: string): string {
  const when = new Date(at);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(when);
  return `${day} · ${formatMemberTime(when, zone)}`;
}

/** 9 → '9:00 AM' (the booking form's start labels). */
function hourLabel(hour24: number): string {
  const suffix = hour24 < 12 ? 'AM' : 'PM';
  const h12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${h12}:00 ${suffix}`;
}

/**
 * What "Book" after a meeting suggests to the booking form: the meeting's weekday and Jamaica hour (within
 * the form's start hours), a week on from the meeting, moved on by weeks until it is after today in Jamaica.
 */
export function bookingSuggestion(meetingStart: Date | string, now: Date): { date: string; start: string } {
  const start = new Date(meetingStart);
  const today = zonedParts(now, TIME_ZONE).date;
  let next = new Date(start.getTime() + 7 * 86_400_000);
  while (zonedParts(next, TIME_ZONE).date <= today) next = new Date(next.getTime() + 7 * 86_400_000);
  const hour = Number(zonedParts(start, TIME_ZONE).time.slice(0, 2));
  const clamped = Math.min(LAST_START_HOUR, Math.max(FIRST_START_HOUR, hour));
  return { date: zonedParts(next, TIME_ZONE).date, start: hourLabel(clamped) };
}

/** The profile's booking form with a meeting's details carried over (query string; see the booking panel). */
export function bookAfterMeetingPath(
  m: { caregiverId: number; startsAt: string | null; careRequestId: number | null },
  now: Date,
): string {
  const q = new URLSearchParams();
  if (m.startsAt) {
    const s = bookingSuggestion(m.startsAt, now);
    q.set('date', s.date);
    q.set('start', s.start);
  }
  if (m.careRequestId !== null) q.set('careRequest', String(m.careRequestId));
  q.set('from', 'meeting');
  return `/caregiver/${m.caregiverId}?${q.toString()}`;
}
