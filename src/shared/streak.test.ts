import { describe, expect, it } from 'vitest';
import { applyActivity, currentStreak, daysBetween, type StreakState } from './streak';

const empty: StreakState = { streakDays: 0, longestStreak: 0, lastActiveDate: null };
/** A moment in Jamaica (UTC−5): `jm('2026-03-01 23:59')`. */
const jm = (s: string) => new Date(`${s.replace(' ', 'T')}:00-05:00`);

describe('streaks in America/Jamaica', () => {
  it('counts the first active day as a streak of one', () => {
    expect(applyActivity(empty, jm('2026-03-01 10:00'))).toEqual({
      streakDays: 1,
      longestStreak: 1,
      lastActiveDate: '2026-03-01',
    });
  });

  it('adds a day across Jamaican midnight (23:59 then 00:01 is two days)', () => {
    const a = applyActivity(empty, jm('2026-03-01 23:59'));
    const b = applyActivity(a, jm('2026-03-02 00:01'));
    expect(b).toEqual({ streakDays: 2, longestStreak: 2, lastActiveDate: '2026-03-02' });
  });

  it('does not add a day at UTC midnight, which is 19:00 in Jamaica', () => {
    // 18:30 and 19:30 Jamaica are 23:30 and 00:30 UTC: different UTC days, one Jamaican day.
    const a = applyActivity(empty, new Date('2026-03-01T23:30:00Z'));
    const b = applyActivity(a, new Date('2026-03-02T00:30:00Z'));
    expect(a.lastActiveDate).toBe('2026-03-01');
    expect(b).toEqual(a);
  });

  it('treats 04:59 UTC as the previous Jamaican day and 05:00 UTC as the next', () => {
    const a = applyActivity(empty, new Date('2026-03-02T04:59:00Z'));
    expect(a.lastActiveDate).toBe('2026-03-01');
    const b = applyActivity(a, new Date('2026-03-02T05:00:00Z'));
    expect(b).toMatchObject({ streakDays: 2, lastActiveDate: '2026-03-02' });
  });

  it('starts again after a missed day and keeps the longest streak', () => {
    let s = empty;
    for (const d of ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'])
      s = applyActivity(s, jm(`${d} 12:00`));
    expect(s).toMatchObject({ streakDays: 4, longestStreak: 4 });
    s = applyActivity(s, jm('2026-03-03 08:00'));
    expect(s).toEqual({ streakDays: 1, longestStreak: 4, lastActiveDate: '2026-03-03' });
  });

  it('ignores a second event the same day and an event older than the last active day', () => {
    const a = applyActivity(empty, jm('2026-03-05 09:00'));
    expect(applyActivity(a, jm('2026-03-05 21:00'))).toEqual(a);
    expect(applyActivity(a, jm('2026-03-04 21:00'))).toEqual(a);
  });

  it('shows a running streak until the end of the next Jamaican day, then 0', () => {
    const s: StreakState = { streakDays: 5, longestStreak: 9, lastActiveDate: '2026-03-01' };
    expect(currentStreak(s, jm('2026-03-01 23:00'))).toBe(5);
    expect(currentStreak(s, jm('2026-03-02 23:59'))).toBe(5);
    expect(currentStreak(s, jm('2026-03-03 00:00'))).toBe(0);
    expect(currentStreak(empty, jm('2026-03-03 00:00'))).toBe(0);
  });

  it('counts calendar days across month and year ends', () => {
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});
