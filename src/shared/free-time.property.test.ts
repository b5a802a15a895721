import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFreeStretch, nextAvailableAt } from './availability';
import { jamaicaInstantAt } from './booking-rules';
import { addDays } from './booking-series';
import {
  bookingRefusal,
  type DatedException,
  exceptionIntervals,
  exceptionTimes,
  type FreeTimeInput,
  freeDays,
  type Interval,
  subtractIntervals,
  timeOffMessage,
} from './free-time';

const HOUR = 3_600_000;
const FROM = '2026-11-30'; // a Monday
const WORDS = [
  'Mornings',
  'Afternoons',
  'Evenings',
  'Overnight',
  'Weekdays',
  'Weekends',
  'Available Now',
  'Monday Morning',
  'Tuesday Afternoon',
  'Saturday Evening',
];
const pad = (n: number) => String(n).padStart(2, '0');

// A controlled clock: somewhere in the two weeks around FROM, to the minute.
const clock = fc
  .integer({ min: -3 * 24 * 60, max: 14 * 24 * 60 })
  .map((m) => new Date(jamaicaInstantAt(FROM, 0).getTime() + m * 60_000));
const dateIn = fc.integer({ min: -2, max: 20 }).map((n) => addDays(FROM, n));
const clockTimes = fc
  .tuple(fc.integer({ min: 0, max: 23 * 4 }), fc.integer({ min: 1, max: 24 * 4 }))
  .map(([a, len]) => {
    const s = a * 15;
    const e = Math.min(s + len * 15, 23 * 60 + 59);
    return [
      `${pad(Math.floor(s / 60))}:${pad(s % 60)}`,
      `${pad(Math.floor(e / 60))}:${pad(e % 60)}`,
    ] as const;
  })
  .filter(([s, e]) => s < e);
const exception: fc.Arbitrary<DatedException> = fc
  .tuple(
    fc.constantFrom('time_off' as const, 'extra' as const),
    dateIn,
    fc.integer({ min: 0, max: 6 }),
    fc.option(clockTimes, { nil: undefined }),
  )
  .map(([kind, from, len, times]) => ({
    kind,
    from,
    to: kind === 'extra' ? from : addDays(from, len),
    startTime: kind === 'extra' ? (times?.[0] ?? '07:00') : (times?.[0] ?? null),
    endTime: kind === 'extra' ? (times?.[1] ?? '11:00') : (times?.[1] ?? null),
  }));
const busyList = fc.array(
  fc
    .tuple(fc.integer({ min: -2 * 24, max: 20 * 24 }), fc.integer({ min: 1, max: 12 }))
    .map(
      ([h, len]) =>
        [
          jamaicaInstantAt(FROM, 0).getTime() + h * HOUR,
          jamaicaInstantAt(FROM, 0).getTime() + (h + len) * HOUR,
        ] as Interval,
    ),
  { maxLength: 8 },
);
const model: fc.Arbitrary<FreeTimeInput> = fc.record({
  availability: fc.uniqueArray(fc.constantFrom(...WORDS), { maxLength: 4 }),
  isAvailable: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  exceptions: fc.array(exception, { maxLength: 5 }),
  busy: busyList,
  from: fc.integer({ min: -1, max: 7 }).map((n) => addDays(FROM, n)),
  days: fc.integer({ min: 1, max: 28 }),
  now: clock,
});

describe('the free-time model', () => {
  it('a slot shown free is always bookable by the server’s rule: from its start, for any whole hours that fit', () => {
    fc.assert(
      fc.property(model, fc.nat(), (input, pick) => {
        for (const day of freeDays(input)) {
          for (const [s, e] of day.free) {
            expect(s % HOUR).toBe(0);
            expect(e % HOUR).toBe(0);
            expect(e - s).toBeGreaterThanOrEqual(HOUR);
            const rule = {
              now: input.now,
              isAvailable: input.isAvailable,
              busy: input.busy,
              exceptions: input.exceptions,
            };
            // The whole slot (as one booking), its first hour, and a whole hour inside it.
            expect(bookingRefusal({ ...rule, startsAt: new Date(s), hours: (e - s) / HOUR })).toBeNull();
            expect(bookingRefusal({ ...rule, startsAt: new Date(s), hours: 1 })).toBeNull();
            const hours = (e - s) / HOUR;
            const k = pick % hours;
            const start = s + k * HOUR;
            const startHourJamaica = new Date(start - 5 * HOUR).getUTCHours();
            if (startHourJamaica <= 21)
              expect(bookingRefusal({ ...rule, startsAt: new Date(start), hours: hours - k })).toBeNull();
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('time off never shows free', () => {
    fc.assert(
      fc.property(model, (input) => {
        const { timeOff } = exceptionTimes(input.exceptions);
        for (const day of freeDays(input))
          for (const [s, e] of day.free) for (const [a, b] of timeOff) expect(a < e && b > s).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('extra hours show free when not booked, not away and bookable (on the hour, from 6:00 AM, after now)', () => {
    fc.assert(
      fc.property(
        dateIn,
        fc.integer({ min: 6, max: 20 }),
        fc.integer({ min: 1, max: 3 }),
        clock,
        busyList,
        (date, h, len, now, busy) => {
          const extra: DatedException = {
            kind: 'extra',
            from: date,
            to: date,
            startTime: `${pad(h)}:00`,
            endTime: `${pad(h + len)}:00`,
          };
          const input = {
            availability: [],
            isAvailable: true,
            exceptions: [extra],
            busy,
            from: addDays(FROM, -2),
            days: 23,
            now,
          };
          const [[s, e]] = exceptionIntervals(extra);
          const expected = subtractIntervals(
            [[Math.max(s, Math.ceil((now.getTime() + 1) / HOUR) * HOUR), e]],
            busy,
          ).filter(([a, b]) => b - a >= HOUR);
          const shown = freeDays(input).flatMap((d) => d.free);
          expect(shown).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('nextAvailableAt never falls in time off or busy time, and is free in the model', () => {
    fc.assert(
      fc.property(model, (input) => {
        const times = exceptionTimes(input.exceptions);
        const next = nextAvailableAt(
          input,
          input.busy.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) })),
          input.now,
          times,
        );
        if (!next) return;
        const t = next.getTime();
        expect(t).toBeGreaterThanOrEqual(input.now.getTime());
        for (const [a, b] of [...times.timeOff, ...input.busy]) expect(a <= t && t < b).toBe(false);
        const stretch = firstFreeStretch(input.availability, input.busy, input.now, times);
        expect(stretch?.[0]).toBe(t);
      }),
      { numRuns: 300 },
    );
  });

  it('examples: a week away hides every slot; extra hours on a day off show; the message names the dates', () => {
    const now = new Date('2026-11-28T15:00:00Z'); // Saturday 10:00 AM in Jamaica
    const away: DatedException = {
      kind: 'time_off',
      from: '2026-12-07',
      to: '2026-12-11',
      startTime: null,
      endTime: null,
    };
    const days = freeDays({
      availability: ['Weekdays'],
      isAvailable: true,
      exceptions: [
        away,
        { kind: 'extra', from: '2026-12-05', to: '2026-12-05', startTime: '10:00', endTime: '13:00' },
      ],
      busy: [[Date.parse('2026-11-30T14:00:00Z'), Date.parse('2026-11-30T16:00:00Z')]],
      from: '2026-11-30',
      days: 14,
      now,
    });
    const iso = (d: string) =>
      days
        .find((x) => x.date === d)
        ?.free.map(([s, e]) => [new Date(s).toISOString(), new Date(e).toISOString()]);
    // Monday 30 Nov: 9–5 less a booking 9–11.
    expect(iso('2026-11-30')).toEqual([['2026-11-30T16:00:00.000Z', '2026-11-30T22:00:00.000Z']]);
    // Saturday 5 Dec: the extra hours only.
    expect(iso('2026-12-05')).toEqual([['2026-12-05T15:00:00.000Z', '2026-12-05T18:00:00.000Z']]);
    for (const d of ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'])
      expect(iso(d)).toEqual([]);
    expect(iso('2026-12-04')).toHaveLength(1);
    expect(timeOffMessage('Shanique', away)).toBe('Shanique is away from Mon 7 Dec to Fri 11 Dec.');
    expect(timeOffMessage('Shanique', { ...away, to: away.from, startTime: '09:00', endTime: '12:30' })).toBe(
      'Shanique is away on Mon 7 Dec from 9:00 AM to 12:30 PM.',
    );
    // Not taking bookings: nothing is free.
    expect(
      freeDays({
        availability: ['Weekdays'],
        isAvailable: false,
        exceptions: [],
        busy: [],
        from: '2026-11-30',
        days: 3,
        now,
      }).every((d) => d.free.length === 0),
    ).toBe(true);
    // nextAvailableAt steps over the time off.
    const next = nextAvailableAt(
      { availability: ['Weekdays'], isAvailable: true },
      [],
      new Date('2026-12-06T15:00:00Z'),
      exceptionTimes([away]),
    );
    expect(next?.toISOString()).toBe('2026-12-14T14:00:00.000Z');
  });
});
