/**
 * Quiet hours in a member's own time zone (ADR 0036): from `start` to `end` on the wall clock, crossing
 * midnight when `end` is earlier than `start` (22:00–07:00). Every conversion goes through Intl with the
 * IANA zone for the instant in question, so daylight saving is handled: an end time that does not exist
 * that day (clocks jump over it) ends quiet at the jump; one that happens twice ends it at the first
 * occurrence after the instant asked about.
 */

export interface QuietWindow {
  /** 'HH:mm', 24-hour. */
  start: string;
  end: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock at `t` in `timeZone`, as if it were a UTC instant (ms), to the minute. */
function wallAsUtc(t: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(t))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute);
}

/** Minutes since local midnight at `at`. */
function localMinutes(at: Date, timeZone: string): number {
  const wall = wallAsUtc(at.getTime(), timeZone);
  return Math.floor((((wall % DAY) + DAY) % DAY) / MINUTE);
}

/** Whether `at` falls inside the window on the member's wall clock. A window whose ends meet is empty. */
export function isQuiet(at: Date, window: QuietWindow, timeZone: string): boolean {
  const s = minutesOf(window.start);
  const e = minutesOf(window.end);
  if (s === e) return false;
  const m = localMinutes(at, timeZone);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** The zone's offset from UTC at `t` (ms; whole minutes for every zone in use today). */
function offsetAt(t: number, timeZone: string): number {
  return wallAsUtc(t, timeZone) - Math.floor(t / MINUTE) * MINUTE;
}

/** The first whole minute in (from, to] at which the offset is no longer `offset` (one change at most). */
function changeOfOffset(from: number, to: number, offset: number, timeZone: string): number {
  let lo = Math.floor(from / MINUTE) * MINUTE;
  let hi = Math.ceil(to / MINUTE) * MINUTE;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * When quiet hours that hold at `at` end: the first instant after `at` at which the member's wall clock is
 * outside the window, because it reached `end` or because the clocks moved out of the window (a jump over
 * `end`, or a fall back to before `start`). Undefined when `at` is not in quiet hours.
 *
 * Between two changes of the offset the wall clock runs with real time, so within such a stretch quiet
 * ends when the wall clock reads `end`; at a change, the new wall time decides.
 */
export function quietEndsAt(at: Date, window: QuietWindow, timeZone: string): Date | undefined {
  if (!isQuiet(at, window, timeZone)) return undefined;
  const end = minutesOf(window.end) * MINUTE;
  let t = at.getTime();
  // A change of offset at most every few weeks: three stretches are more than enough.
  for (let stretch = 0; stretch < 3; stretch++) {
    const offset = offsetAt(t, timeZone);
    const wall = t + offset;
    let endWall = Math.floor(wall / DAY) * DAY + end;
    if (endWall <= wall) endWall += DAY;
    const candidate = endWall - offset;
    if (offsetAt(candidate, timeZone) === offset) return new Date(candidate);
    const change = changeOfOffset(t, candidate, offset, timeZone);
    if (!isQuiet(new Date(change), window, timeZone)) return new Date(change);
    t = change;
  }
  return undefined;
}
