import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAvailableAt } from '../../../shared/availability';
import { FreeByHours } from './search-page';

const SLOTS = [
  'Mornings',
  'Afternoons',
  'Evenings',
  'Overnight',
  'Weekdays',
  'Weekends',
  'Available Now',
  'Emergency/On-call',
  'Monday Morning',
  'Tuesday Evening',
  'Saturday Afternoon',
];

describe('next free time by weekly hours, kept across searches', () => {
  it('always answers what nextAvailableAt answers at that moment, however the clock moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.subarray(SLOTS), { minLength: 1, maxLength: 3 }),
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        // Mostly forward, sometimes back (a test clock, a server whose clock was corrected).
        fc.array(fc.tuple(fc.nat(4), fc.integer({ min: -3_600_000, max: 3 * 86_400_000 })), {
          maxLength: 25,
        }),
        (lists, start, steps) => {
          const free = new FreeByHours(2);
          let at = start.getTime();
          for (const [which, step] of [[0, 0] as [number, number], ...steps]) {
            at += step;
            const availability = lists[which % lists.length];
            const json = JSON.stringify(availability);
            const expected = nextAvailableAt({ availability, isAvailable: true }, [], new Date(at));
            expect(free.nextFree(json, () => availability, new Date(at))).toBe(
              expected?.toISOString() ?? null,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('works an answer out again once its moment has come', () => {
    const free = new FreeByHours();
    const json = JSON.stringify(['Weekdays']);
    let asked = 0;
    const list = () => {
      asked += 1;
      return ['Weekdays'];
    };
    // Saturday noon in Jamaica: next free Monday 9:00 (14:00 UTC).
    expect(free.nextFree(json, list, new Date('2026-11-28T17:00:00Z'))).toBe('2026-11-30T14:00:00.000Z');
    expect(free.nextFree(json, list, new Date('2026-11-29T17:00:00Z'))).toBe('2026-11-30T14:00:00.000Z');
    expect(asked).toBe(1);
    // Monday 10:00: free now.
    expect(free.nextFree(json, list, new Date('2026-11-30T15:00:00Z'))).toBe('2026-11-30T15:00:00.000Z');
    expect(asked).toBe(2);
  });
});
