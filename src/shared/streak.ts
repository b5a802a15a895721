import { jamaicaToday } from './time';

export interface StreakState {
  streakDays: number;
  longestStreak: number;
  /** yyyy-MM-dd in Jamaica, or null before the first active day. */
  lastActiveDate: string | null;
}

const DAY_MS = 86_400_000;

/** Whole days from `a` to `b` (both yyyy-MM-dd); calendar days, so no clock or time zone enters. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * The streak after activity at `at`: the same Jamaican day changes nothing, the next day adds one, a gap
 * starts again at 1. An instant older than the last active day (a late event) changes nothing either.
 */
export function applyActivity(state: StreakState, at: Date): StreakState {
  const day = jamaicaToday(at);
  if (state.lastActiveDate === null)
    return { streakDays: 1, longestStreak: Math.max(1, state.longestStreak), lastActiveDate: day };
  const gap = daysBetween(state.lastActiveDate, day);
  if (gap <= 0) return state;
  const streakDays = gap === 1 ? state.streakDays + 1 : 1;
  return { streakDays, longestStreak: Math.max(state.longestStreak, streakDays), lastActiveDate: day };
}

/** The streak as shown at `now`: still running when the last active day is today or yesterday, else 0. */
export function currentStreak(state: StreakState, now: Date): number {
  if (state.lastActiveDate === null) return 0;
  return daysBetween(state.lastActiveDate, jamaicaToday(now)) <= 1 ? state.streakDays : 0;
}
