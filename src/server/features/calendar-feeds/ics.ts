/**
 * A small RFC 5545 writer: just what a published calendar of our events needs (VCALENDAR, VEVENT, UTC
 * date-times and all-day dates). No library of ours depends on one: the rules that matter (TEXT escaping,
 * folding at 75 octets without splitting a UTF-8 character, CRLF line ends) are a few lines each, tested here
 * and checked by a well-kept parser (ical.js) in the feed's tests (ADR 0049).
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: a content line is at most 75 octets, not counting the line break. */
const MAX_OCTETS = 75;

/** A time: an instant (written in UTC with a Z) or a whole day (VALUE=DATE, yyyy-MM-dd). */
export type IcsTime = { at: Date } | { date: string };

export type IcsStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export interface IcsEvent {
  /** Globally unique and stable across fetches, so a calendar updates the event instead of adding one. */
  uid: string;
  /** When the event's information was last revised (LAST-MODIFIED), when known. */
  lastModified?: Date;
  start: IcsTime;
  /** Exclusive: for a whole day, the next day. */
  end: IcsTime;
  summary: string;
  location?: string | null;
  description?: string | null;
  status: IcsStatus;
  /** OPAQUE: the time shows as busy (the default for a timed event). */
  transparency?: 'OPAQUE' | 'TRANSPARENT';
  url?: string;
}

export interface IcsCalendar {
  prodId: string;
  name: string;
  /** When this copy was made: every DTSTAMP (with METHOD:PUBLISH, DTSTAMP is the object's creation, §3.8.7.2). */
  stamp: Date;
  /** A hint to clients (X-WR-TIMEZONE) for showing the UTC times; every time written is UTC or a date. */
  timeZone?: string;
  /** How often a subscribing client should fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refresh?: string;
  events: readonly IcsEvent[];
}

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as \n, and other control
 * characters (which TEXT does not allow) dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

/**
 * Folds a content line (§3.1): at most 75 octets per physical line, each continuation starting with one
 * space (which counts), never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 2026-12-01T14:00:00.000Z → 20261201T140000Z (a DATE-TIME in UTC, §3.3.5 form #2). */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** 2026-12-01 → 20261201 (a DATE, §3.3.4). */
export function dateStamp(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return date.replace(/-/g, '');
}

/** A value that is not TEXT (a URI, an enumerated value) must still never break the line. */
function plain(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('a line break in a non-TEXT value');
  return value;
}

function timeLine(name: 'DTSTART' | 'DTEND', time: IcsTime): string {
  return 'at' in time ? `${name}:${utcStamp(time.at)}` : `${name};VALUE=DATE:${dateStamp(time.date)}`;
}

function eventLines(e: IcsEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    ...(e.lastModified ? [`LAST-MODIFIED:${utcStamp(e.lastModified)}`] : []),
    timeLine('DTSTART', e.start),
    timeLine('DTEND', e.end),
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  lines.push(`STATUS:${e.status}`);
  if (e.transparency) lines.push(`TRANSP:${e.transparency}`);
  if (e.url) lines.push(`URL:${plain(e.url)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole iCalendar object: CRLF line ends, every line folded, ending with a line break. */
export function renderCalendar(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${plain(cal.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
  ];
  if (cal.timeZone) lines.push(`X-WR-TIMEZONE:${plain(cal.timeZone)}`);
  if (cal.refresh) {
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:${plain(cal.refresh)}`,
      `X-PUBLISHED-TTL:${plain(cal.refresh)}`,
    );
  }
  for (const e of cal.events) lines.push(...eventLines(e, cal.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
