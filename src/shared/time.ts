/** YaadCare reasons about time in Jamaica (UTC−5 all year, no daylight saving). */
export const TIME_ZONE = 'America/Jamaica';

/** Today's date in Jamaica as yyyy-MM-dd. */
export function jamaicaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}

/**
 * The year in Jamaica ('2026'), from its fixed offset (UTC−5 all year, no daylight saving) rather than an
 * Intl formatter: the footer of every page shows it, and the first formatter with a time zone costs a phone
 * tens of milliseconds of ICU set-up.
 */
export function jamaicaYear(now: Date = new Date()): string {
  return String(new Date(now.getTime() - 5 * 3_600_000).getUTCFullYear());
}

/** The wall-clock time in Jamaica as HH:mm (24-hour): '14:05'. */
export function jamaicaClock(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** This month in Jamaica as yyyy-MM. */
export function jamaicaMonth(now: Date = new Date()): string {
  return jamaicaToday(now).slice(0, 7);
}

/** '2026-01' → '2025-12'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** '2026-11' → 'November 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}
