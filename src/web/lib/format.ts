import { formatJmd, groupDigits, toCents } from '../../shared/money';
import { onFirstUse } from '../../shared/on-first-use';
import { jamaicaToday, TIME_ZONE } from '../../shared/time';

/** 'Shanique' + 'W' → 'Shanique W.' (public pages carry only the last name's initial). */
export function displayName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName} ${initial}.` : firstName;
}

/** '1500.00' → 'J$ 1,500' (whole JMD; the shared formatter). Unparseable text gives '—'. */
export function formatRate(hourlyRate: string | number): string {
  try {
    return formatJmd(toCents(hourlyRate));
  } catch {
    return '—';
  }
}

/** The place line: 'Half Way Tree, St. Andrew' (the parish only when it adds something). */
export function placeText(location: string | null, parish: string | null): string | undefined {
  if (location && parish && location.toLowerCase() !== parish.toLowerCase()) return `${location}, ${parish}`;
  return location ?? parish ?? undefined;
}

/** '4.75' → 4.75; anything unparseable → 0 (docs/product.md#constants-and-limits: averageRating defaults to 0). */
export function parseRating(averageRating: string | number): number {
  const n = typeof averageRating === 'number' ? averageRating : Number.parseFloat(averageRating);
  return Number.isFinite(n) ? Math.min(5, Math.max(0, n)) : 0;
}

/** 1 → '1 year', 8 → '8 years'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${groupDigits(count)} ${count === 1 ? one : many}`;
}

// Formatters are built on first use (shared/on-first-use.ts): most pages that load this module show no date.
const dateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Jamaica',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }),
);

/** An ISO timestamp as 'March 4, 2025' in Jamaica; the raw text when it does not parse. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Jamaica',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** An ISO timestamp as 'Tue, Nov 24, 2:00 PM' in Jamaica; the raw text when it does not parse. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

/** A money amount as the API sends it ('1500.00') → 'J$ 1,500' (the shared formatter). */
export const jmdAmount = (value: string) => formatJmd(toCents(value));

const shortDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);

/** A yyyy-MM-dd booking date as 'Fri, Jun 5' (a calendar date: the same in every time zone). */
export const bookingDay = (date: string) => shortDay().format(new Date(`${date}T12:00:00Z`));

// One way to write a day and a clock time to people (issue 32 item 14): 'Tue, 15 Sep 2027' and '2:00 PM',
// in Jamaica; never a raw '2027-09-15' or a 24-hour '14:00'.
const jamaicaParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

function partsOf(at: Date): Record<string, string> {
  return Object.fromEntries(
    jamaicaParts()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
}

const dayOf = (p: Record<string, string>, withYear = true) =>
  `${p.weekday}, ${p.day} ${p.month}${withYear ? ` ${p.year}` : ''}`;
const clockOf = (p: Record<string, string>) => `${p.hour}:${p.minute} ${p.dayPeriod}`;

/** A yyyy-MM-dd calendar date as 'Tue, 15 Sep 2027'; the raw text when it is not one. */
export function formatCalendarDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  // Noon in Jamaica: the same calendar day whatever the offset.
  return dayOf(partsOf(new Date(`${date}T12:00:00-05:00`)));
}

/**
 * When a message was sent, in Jamaica: '12:05 PM' today, 'Yesterday, 12:05 PM', 'Tue, 15 Sep, 12:05 PM' this
 * year, 'Tue, 15 Sep 2026, 12:05 PM' before. `withTime: false` leaves the time off the older days (a
 * conversation list). The raw text when it does not parse.
 */
export function formatMessageTime(iso: string, { now = new Date(), withTime = true } = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const p = partsOf(at);
  const day = jamaicaToday(at);
  if (day === jamaicaToday(now)) return clockOf(p);
  if (day === jamaicaToday(new Date(now.getTime() - 86_400_000))) return `Yesterday, ${clockOf(p)}`;
  const date = dayOf(p, day.slice(0, 4) !== jamaicaToday(now).slice(0, 4));
  return withTime ? `${date}, ${clockOf(p)}` : date;
}

/** An instant's day in Jamaica as 'Tue, 15 Sep 2027'; the raw text when it does not parse. */
export function formatJamaicaDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dayOf(partsOf(at));
}
