import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jamaicaInstantAt } from './booking-rules';
import {
  addDays,
  expandSeriesDates,
  findSeriesConflicts,
  isoWeekday,
  SERIES_MAX_DAYS_AHEAD,
} from './booking-series';

const weekdaySets = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
// Start dates over several years, leap days and year ends included.
const startDates = fc.integer({ min: 0, max: 365 * 6 }).map((n) => addDays('2026-01-01', n));

describe('isoWeekday', () => {
  it('knows a few dates and steps by one a day', () => {
    expect(isoWeekday('2026-11-30')).toBe(1); // a Monday
    expect(isoWeekday('2026-12-06')).toBe(7); // a Sunday
    expect(isoWeekday('2028-02-29')).toBe(2);
    fc.assert(
      fc.property(startDates, (d) => {
        expect(isoWeekday(addDays(d, 1))).toBe((isoWeekday(d) % 7) + 1);
      }),
    );
  });
});

describe('a series rule expands into its dates', () => {
  it('with an end date: every date on a chosen weekday, in range, ascending, unique, and none missed', () => {
    fc.assert(
      fc.property(
        weekdaySets,
        startDates,
        fc.integer({ min: 0, max: SERIES_MAX_DAYS_AHEAD }),
        (w, start, len) => {
          const end = addDays(start, len);
          const dates = expandSeriesDates({ weekdays: w, startDate: start, endDate: end });
          for (const d of dates) {
            expect(w).toContain(isoWeekday(d));
            expect(d >= start && d <= end).toBe(true);
          }
          for (let i = 1; i < dates.length; i++) expect(dates[i] > dates[i - 1]).toBe(true);
          expect(new Set(dates).size).toBe(dates.length);
          // The count is right: exactly the days of the range on those weekdays.
          let count = 0;
          for (let i = 0; i <= len; i++) if (w.includes(isoWeekday(addDays(start, i)))) count++;
          expect(dates).toHaveLength(count);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('with a number of visits: exactly that many, the first on or after the start, gaps under a week', () => {
    fc.assert(
      fc.property(weekdaySets, startDates, fc.integer({ min: 1, max: 183 }), (w, start, visits) => {
        const dates = expandSeriesDates({ weekdays: w, startDate: start, visits });
        expect(dates).toHaveLength(visits);
        expect(dates[0] >= start && dates[0] <= addDays(start, 6)).toBe(true);
        for (const d of dates) expect(w).toContain(isoWeekday(d));
        for (let i = 1; i < dates.length; i++) {
          expect(dates[i] > dates[i - 1]).toBe(true);
          expect(dates[i] <= addDays(dates[i - 1], 7)).toBe(true);
        }
        // The same dates as the end-date rule ending on the last one.
        expect(expandSeriesDates({ weekdays: w, startDate: start, endDate: dates.at(-1) })).toEqual(dates);
      }),
      { numRuns: 400 },
    );
  });

  it('a horizon cuts it short; repeated weekdays count once; no weekday gives nothing', () => {
    fc.assert(
      fc.property(
        weekdaySets,
        startDates,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        (w, start, visits, h) => {
          const horizon = addDays(start, h);
          const dates = expandSeriesDates({ weekdays: [...w, ...w], startDate: start, visits }, horizon);
          expect(dates.every((d) => d <= horizon)).toBe(true);
          expect(dates).toEqual(
            expandSeriesDates({ weekdays: w, startDate: start, visits }).filter((d) => d <= horizon),
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(expandSeriesDates({ weekdays: [], startDate: '2026-12-01', visits: 3 })).toEqual([]);
    expect(expandSeriesDates({ weekdays: [1], startDate: '2026-12-01' })).toEqual([]);
  });

  it('Mon/Wed/Fri for 8 weeks from a Monday: 24 visits', () => {
    const dates = expandSeriesDates({ weekdays: [1, 3, 5], startDate: '2026-11-30', endDate: '2027-01-24' });
    expect(dates).toHaveLength(24);
    expect(dates.slice(0, 4)).toEqual(['2026-11-30', '2026-12-02', '2026-12-04', '2026-12-07']);
  });
});

describe('conflict reporting', () => {
  const HOUR = 3_600_000;
  it('names exactly the visits that overlap held time (half-open), once each, in order', () => {
    fc.assert(
      fc.property(
        weekdaySets,
        startDates,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 6, max: 21 }),
        fc.constantFrom(1, 2, 3, 4, 6, 8, 12),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 40 }),
            at: fc.integer({ min: 0, max: 47 }),
            len: fc.integer({ min: 1, max: 24 }),
          }),
          { maxLength: 12 },
        ),
        (w, start, n, hour, hours, heldSpec) => {
          const visits = expandSeriesDates({ weekdays: w, startDate: start, visits: n }).map((date) => {
            const startsAt = jamaicaInstantAt(date, hour * 60);
            return { date, startsAt, endsAt: new Date(startsAt.getTime() + hours * HOUR) };
          });
          const held = heldSpec.map(({ day, at, len }) => {
            const startsAt = new Date(jamaicaInstantAt(addDays(start, day), 0).getTime() + at * 30 * 60_000);
            return { startsAt, endsAt: new Date(startsAt.getTime() + len * 30 * 60_000) };
          });
          const conflicts = findSeriesConflicts(visits, held);
          const expected = visits.filter((v) =>
            held.some((h) => h.startsAt < v.endsAt && v.startsAt < h.endsAt),
          );
          expect(conflicts.map((c) => c.date)).toEqual(expected.map((v) => v.date));
          expect(conflicts.every((c) => c.reason === 'booked')).toBe(true);
          expect(new Set(conflicts.map((c) => c.date)).size).toBe(conflicts.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('back to back is no clash; one minute of overlap is', () => {
    const startsAt = jamaicaInstantAt('2026-12-01', 8 * 60);
    const visit = { date: '2026-12-01', startsAt, endsAt: new Date(startsAt.getTime() + 4 * HOUR) };
    const before = { startsAt: new Date(startsAt.getTime() - 2 * HOUR), endsAt: startsAt };
    expect(findSeriesConflicts([visit], [before])).toEqual([]);
    const overlapping = { startsAt: before.startsAt, endsAt: new Date(startsAt.getTime() + 60_000) };
    expect(findSeriesConflicts([visit], [overlapping])).toEqual([{ date: '2026-12-01', reason: 'booked' }]);
  });
});
