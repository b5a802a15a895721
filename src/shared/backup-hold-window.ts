import { canonicalTimeZone, DEFAULT_TIME_ZONE } from './member-time';
import { isQuiet, quietEndsAt } from './quiet-hours';

const HOUR = 3_600_000;

/**
 * How long a family's card hold is kept for a backup after its caregiver cancelled (ADR 0045, extending
 * ADR 0034's "3 hours"). The numbers every screen, notice and the release job share.
 */
export const HOLD_WINDOW = {
  /** Never shorter than this after the cancellation (ADR 0034's window). */
  minMs: 3 * HOUR,
  /** A visit far ahead: up to a day after the cancellation… */
  maxMs: 24 * HOUR,
  /** …or until this long before the visit, whichever is earlier. */
  beforeStartMs: 12 * HOUR,
  /** An extension never runs later than this before the start: a backup chosen then still has its 2-hour answer window. */
  marginMs: 2 * HOUR,
  /** The family's night, on their wall clock: a window ending in it is extended… */
  night: { start: '22:00', end: '07:00' },
  /** …to this hour of the next morning. */
  morning: '09:00',
} as const;

export interface HoldWindowInput {
  /** When the caregiver cancelled. */
  cancelledAt: Date;
  /** The visit's start. */
  startsAt: Date;
  /** The family's IANA time zone (unknown or absent: Jamaica). */
  timeZone?: string | null;
}

/**
 * Until when the hold is kept: at least 3 hours after the cancellation; for a visit far ahead up to a day
 * (or until 12 hours before the visit, whichever is earlier); a window that would end in the family's night
 * (22:00–07:00 their time) runs to 9:00 the next morning. An extension never passes the start minus 2 hours;
 * the 3 hours are kept even when they do (a visit very soon).
 */
export function backupHoldUntil({ cancelledAt, startsAt, timeZone }: HoldWindowInput): Date {
  const zone = (timeZone && canonicalTimeZone(timeZone)) || DEFAULT_TIME_ZONE;
  const floor = cancelledAt.getTime() + HOLD_WINDOW.minMs;
  const far = Math.min(
    cancelledAt.getTime() + HOLD_WINDOW.maxMs,
    startsAt.getTime() - HOLD_WINDOW.beforeStartMs,
  );
  let end = Math.max(floor, far);
  if (isQuiet(new Date(end), HOLD_WINDOW.night, zone)) {
    const morning = quietEndsAt(
      new Date(end),
      { start: HOLD_WINDOW.night.start, end: HOLD_WINDOW.morning },
      zone,
    );
    if (morning) end = morning.getTime();
  }
  const cap = startsAt.getTime() - HOLD_WINDOW.marginMs;
  return new Date(Math.max(floor, Math.min(end, cap)));
}
