/**
 * A caregiver's reliability record (ADR 0035): what it counts, the score that ranks it, and the plain words
 * the profile shows. One place for both sides: the server counts and scores, the web shows the words.
 */
import { FREE_CANCELLATION_HOURS } from './pricing';

/** The record looks back this many months (the window slides every day). */
export const RELIABILITY_WINDOW_MONTHS = 12;
/** A check-in counts as on time when it was recorded no later than this after the visit's start. */
export const ON_TIME_GRACE_MINUTES = 10;
/** A caregiver's cancellation counts as late within this many hours of the start (the cancellation policy). */
export const LATE_CANCELLATION_HOURS = FREE_CANCELLATION_HOURS;
/**
 * Check-in began on YaadCare on this day (Jamaica, ADR 0028). A visit that started earlier and has no
 * check-in is never counted as missed: nobody could check in then.
 */
export const CHECK_IN_SINCE_DATE = '2026-11-24';
export const CHECK_IN_SINCE = new Date(`${CHECK_IN_SINCE_DATE}T05:00:00Z`);

/**
 * The score starts every caregiver as if they had kept PRIOR_KEPT of PRIOR_VISITS visits, then adds their
 * real ones: (completed + 9) / (counted + 10). A newcomer scores 0.9 (NEUTRAL_RELIABILITY); a record scores
 * below that exactly when more than 1 in 10 of its counted visits went wrong, and a short perfect record
 * (1 of 1: 0.909) does not beat a long nearly perfect one (48 of 49: 0.966).
 */
export const PRIOR_KEPT = 9;
export const PRIOR_VISITS = 10;
export const NEUTRAL_RELIABILITY = PRIOR_KEPT / PRIOR_VISITS;

/** The counts of a record over the window. */
export interface ReliabilityCounts {
  /** Visits that happened (checked in, or completed before check-in existed). */
  completed: number;
  /** Confirmed visits the caregiver cancelled within LATE_CANCELLATION_HOURS of the start. */
  lateCancellations: number;
  /** Confirmed visits with no check-in by their end (since check-in existed), not cancelled. */
  noShows: number;
  /** Completed visits with a check-in, and how many of those were on time. */
  checkIns: number;
  onTimeCheckIns: number;
}

/** Every visit the record counts: the kept ones and the ones that went wrong. */
export const countedVisits = (c: ReliabilityCounts) => c.completed + c.lateCancellations + c.noShows;

/** The score in [0, 1] with 4 decimals, higher is more reliable; NEUTRAL_RELIABILITY for no record. */
export function reliabilityScore(c: ReliabilityCounts): number {
  const score = (c.completed + PRIOR_KEPT) / (countedVisits(c) + PRIOR_VISITS);
  return Math.round(score * 10_000) / 10_000;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The record in plain words: "Completed 48 of 49 visits, cancelled 1 late" and "On time for 30 of 31
 * check-ins"; "New to YaadCare: no visits yet" when nothing is counted (never "0 %"). `onTime` is null when
 * no visit with a check-in is counted (no number is shown that is not true).
 */
export function reliabilityWords(c: ReliabilityCounts): { visits: string; onTime: string | null } {
  const counted = countedVisits(c);
  if (counted === 0) return { visits: 'New to YaadCare: no visits yet', onTime: null };
  const parts = [`Completed ${c.completed} of ${plural(counted, 'visit')}`];
  if (c.lateCancellations > 0) parts.push(`cancelled ${c.lateCancellations} late`);
  if (c.noShows > 0) parts.push(`missed ${c.noShows}`);
  return {
    visits: parts.join(', '),
    onTime: c.checkIns > 0 ? `On time for ${c.onTimeCheckIns} of ${plural(c.checkIns, 'check-in')}` : null,
  };
}

/** "How we count this": the rules in words, for the profile's disclosure. */
export const RELIABILITY_EXPLANATION = [
  `We count the last ${RELIABILITY_WINDOW_MONTHS} months of confirmed visits booked on YaadCare.`,
  `A visit counts as completed when the caregiver checked in (visits from before check-in began on 24 November 2026 count when they were completed).`,
  `A late cancellation is one the caregiver made less than ${LATE_CANCELLATION_HOURS} hours before the start.`,
  'A missed visit is a confirmed visit with no check-in by its end that was not cancelled.',
  `A check-in is on time when it is no more than ${ON_TIME_GRACE_MINUTES} minutes after the start. Only visits since check-in began can count.`,
  'Cancellations by the family, by YaadCare for an unpaid visit, and during a declared parish emergency do not count against the caregiver.',
] as const;
