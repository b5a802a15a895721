import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAvailableAt, nextFreeMoment } from '../../../shared/availability';
import { FreeAroundBookings, FreeByHours } from './search-page';
import { busyWindow } from './search-query';

// The two caches of the next free moment (search-page.ts): each must always answer what the function it
// keeps answers, at the moment asked.

const HOUR = 3_600_000;
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

const moment = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2027-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('next free time by weekly hours, kept across searches', () => {
  it('always answers what nextAvailableAt answers at that moment, however the clock moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.subarray(SLOTS), { minLength: 1, maxLength: 3 }),
        moment,
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
    // Monday 10:00: free now, as is every moment until the window closes at 17:00: each is its own answer.
    expect(free.nextFree(json, list, new Date('2026-11-30T15:00:00Z'))).toBe('2026-11-30T15:00:00.000Z');
    expect(free.nextFree(json, list, new Date('2026-11-30T21:59:59Z'))).toBe('2026-11-30T21:59:59.000Z');
    expect(asked).toBe(1);
    // Monday 17:00: the window has closed; next free Tuesday 9:00.
    expect(free.nextFree(json, list, new Date('2026-11-30T22:00:00Z'))).toBe('2026-12-01T14:00:00.000Z');
    expect(asked).toBe(2);
  });
});

/** The bookings a search row carries at `now`: those overlapping the search's window, as the repository picks them. */
function inWindow(bookings: [number, number][], now: number): [number, number][] {
  const { from, to } = busyWindow(new Date(now));
  return bookings.filter(([s, e]) => s < to.getTime() && e > from.getTime());
}

/** What the row's text would be: the availability list and the bookings, as the database writes them. */
const textOf = (availability: string[], busy: [number, number][]) =>
  `${JSON.stringify(availability)}\u001f${JSON.stringify(busy)}`;

describe('next free time around bookings, kept across searches', () => {
  it('always answers what nextFreeMoment answers at that moment, however the clock and the bookings move', () => {
    fc.assert(
      fc.property(
        fc.array(fc.subarray(SLOTS), { minLength: 1, maxLength: 3 }),
        moment,
        // Bookings from an hour or so before the start to two weeks after it, 1 to 12 hours long, and
        // whole-day ones that cover many windows.
        fc.array(
          fc.array(
            fc.tuple(fc.integer({ min: -2 * HOUR, max: 14 * 24 * HOUR }), fc.integer({ min: 1, max: 30 })),
            { minLength: 1, maxLength: 5 },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        // Mostly forward by minutes to a day, sometimes back.
        fc.array(fc.tuple(fc.nat(5), fc.integer({ min: -HOUR, max: 26 * HOUR })), { maxLength: 30 }),
        (lists, start, bookingSets, steps) => {
          const free = new FreeAroundBookings(2);
          const t0 = start.getTime();
          const sets = bookingSets.map((set) =>
            set.map(([offset, hours]) => [t0 + offset, t0 + offset + hours * HOUR] as [number, number]),
          );
          let at = t0;
          for (const [which, step] of [[0, 0] as [number, number], ...steps]) {
            at += step;
            const availability = lists[which % lists.length];
            const busy = inWindow(sets[which % sets.length], at);
            if (!busy.length) continue;
            const expected = nextFreeMoment(availability, busy, new Date(at));
            // Ids 0 and 1 for up to three lists and booking sets: one caregiver's hours and bookings
            // change between searches too.
            const answer = free.nextFree(
              which % 2,
              textOf(availability, busy),
              () => ({ availability, busy }),
              new Date(at),
            );
            expect(answer).toBe(expected?.toISOString() ?? null);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("with 'Available Now', works the answer out again after midnight in Jamaica (a new day's hours open)", () => {
    const free = new FreeAroundBookings();
    const availability = ['Available Now', 'Weekdays'];
    // Booked from Tuesday 22:00 to Wednesday 03:00, Jamaica time (UTC−5).
    const busy: [number, number][] = [
      [Date.parse('2026-11-25T03:00:00Z'), Date.parse('2026-11-25T08:00:00Z')],
    ];
    const text = textOf(availability, busy);
    const parse = () => ({ availability, busy });
    // Tuesday 23:00: the rest of today is booked, so next free is Wednesday 9:00 (Weekdays).
    expect(free.nextFree(1, text, parse, new Date('2026-11-25T04:00:00Z'))).toBe('2026-11-25T14:00:00.000Z');
    // Tuesday 23:30: the same.
    expect(free.nextFree(1, text, parse, new Date('2026-11-25T04:30:00Z'))).toBe('2026-11-25T14:00:00.000Z');
    // Wednesday 2:00: 'Available Now' counts today from now, free once the booking ends at 3:00.
    expect(free.nextFree(1, text, parse, new Date('2026-11-25T07:00:00Z'))).toBe('2026-11-25T08:00:00.000Z');
  });

  it('keeps a free-now answer only until the next booking starts', () => {
    const free = new FreeAroundBookings();
    const availability = ['Weekdays'];
    // Booked Wednesday 13:00–15:00 in Jamaica.
    const busy: [number, number][] = [
      [Date.parse('2026-11-25T18:00:00Z'), Date.parse('2026-11-25T20:00:00Z')],
    ];
    let parsed = 0;
    const ask = (iso: string) =>
      free.nextFree(
        2,
        textOf(availability, busy),
        () => {
          parsed += 1;
          return { availability, busy };
        },
        new Date(iso),
      );
    expect(ask('2026-11-25T15:00:00Z')).toBe('2026-11-25T15:00:00.000Z'); // 10:00, free now
    expect(ask('2026-11-25T17:59:00Z')).toBe('2026-11-25T17:59:00.000Z'); // 12:59, still free
    expect(parsed).toBe(1);
    expect(ask('2026-11-25T18:00:00Z')).toBe('2026-11-25T20:00:00.000Z'); // 13:00, booked until 15:00
    expect(parsed).toBe(2);
  });

  it('works the answer out again when the bookings change, for the same caregiver', () => {
    const free = new FreeAroundBookings();
    const availability = ['Weekdays'];
    const at = new Date('2026-11-25T13:00:00Z'); // Wednesday 8:00 in Jamaica
    const morning: [number, number][] = [
      [Date.parse('2026-11-25T14:00:00Z'), Date.parse('2026-11-25T16:00:00Z')],
    ];
    const allDay: [number, number][] = [
      [Date.parse('2026-11-25T14:00:00Z'), Date.parse('2026-11-25T22:00:00Z')],
    ];
    const ask = (busy: [number, number][]) =>
      free.nextFree(5, textOf(availability, busy), () => ({ availability, busy }), at);
    expect(ask(morning)).toBe('2026-11-25T16:00:00.000Z');
    expect(ask(allDay)).toBe('2026-11-26T14:00:00.000Z');
  });
});
