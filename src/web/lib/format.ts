import { formatJmd, groupDigits, toCents } from '../../shared/money';
import { onFirstUse } from '../../shared/on-first-use';

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
