import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BusyTime,
  hoursOn,
  isJamaicaWorkingHours,
  jamaicaShortDate,
  NEXT_AVAILABLE_DAYS,
  nextAvailableAt,
  nextAvailableLabel,
} from './availability';
import { AVAILABILITY_SLOTS } from './catalog';
import { jamaicaToday } from './time';

// Jamaica is UTC−5 all year: 09:00 in Kingston is 14:00 UTC. 2025-07-14 is a Monday.
const at = (iso: string) => new Date(iso);

describe('isJamaicaWorkingHours', () => {
  it.each([
    ['Monday 08:59 in Jamaica', '2025-07-14T13:59:59Z', false],
    ['Monday 09:00 in Jamaica', '2025-07-14T14:00:00Z', true],
    ['Monday 16:59 in Jamaica', '2025-07-14T21:59:59Z', true],
    ['Monday 17:00 in Jamaica', '2025-07-14T22:00:00Z', false],
    ['Monday 04:00 in Jamaica (09:00 UTC)', '2025-07-14T09:00:00Z', false],
    ['Friday 16:30 in Jamaica', '2025-07-18T21:30:00Z', true],
    ['Friday 20:00 in Jamaica, already Saturday 01:00 in UTC', '2025-07-19T01:00:00Z', false],
    ['Saturday 10:00 in Jamaica', '2025-07-19T15:00:00Z', false],
    ['Sunday 12:00 in Jamaica', '2025-07-20T17:00:00Z', false],
    ['Monday 09:30 in Jamaica, still Monday in UTC', '2025-07-14T14:30:00Z', true],
    ['Sunday 23:30 in Jamaica, Monday 04:30 UTC', '2025-07-21T04:30:00Z', false],
    ['a winter Wednesday 09:00 (no daylight saving)', '2025-01-15T14:00:00Z', true],
  ])('%s → %s', (_label, iso, expected) => {
    expect(isJamaicaWorkingHours(at(iso))).toBe(expected);
  });
});

describe('nextAvailableAt (issue 15): weekly hours minus bookings, Jamaica time, on a clock the test passes', () => {
  // 2026-11-23 is a Monday. Jamaica = UTC−5: 10:00 there is 15:00 UTC.
  const mondayTen = at('2026-11-23T15:00:00Z');
  const next = (availability: string[], now: Date, busy: BusyTime[] = [], isAvailable = true) =>
    nextAvailableAt({ availability, isAvailable }, busy, now)?.toISOString() ?? null;
  const booking = (from: string, to: string): BusyTime => ({ startsAt: at(from), endsAt: at(to) });

  it.each([
    ['weekday hours cover now: now', ['Weekdays'], mondayTen, '2026-11-23T15:00:00.000Z'],
    [
      'Monday Evening from Monday 10:00: 17:00 today',
      ['Monday Evening'],
      mondayTen,
      '2026-11-23T22:00:00.000Z',
    ],
    [
      'Tuesday Morning from Monday: tomorrow 6:00',
      ['Tuesday Morning'],
      mondayTen,
      '2026-11-24T11:00:00.000Z',
    ],
    ['Weekends from Monday: Saturday 8:00', ['Weekends'], mondayTen, '2026-11-28T13:00:00.000Z'],
    [
      'Overnight at Tuesday 02:00: still last night’s window',
      ['Overnight'],
      at('2026-11-24T07:00:00Z'),
      '2026-11-24T07:00:00.000Z',
    ],
    [
      'Weekdays on Friday 18:00: Monday 9:00',
      ['Weekdays'],
      at('2026-11-27T23:00:00Z'),
      '2026-11-30T14:00:00.000Z',
    ],
    [
      'Available Now at 23:00: now',
      ['Available Now'],
      at('2026-11-24T04:00:00Z'),
      '2026-11-24T04:00:00.000Z',
    ],
    ['no regular hours: none', ['Emergency/On-call'], mondayTen, null],
    ['nothing ticked: none', [], mondayTen, null],
  ])('%s', (_label, availability, now, expected) => {
    expect(next(availability, now)).toBe(expected);
  });

  it('steps past bookings that cover the free time, back to back', () => {
    const busy = [
      booking('2026-11-23T14:00:00Z', '2026-11-23T17:00:00Z'),
      booking('2026-11-23T17:00:00Z', '2026-11-23T19:30:00Z'),
    ];
    expect(next(['Weekdays'], mondayTen, busy)).toBe('2026-11-23T19:30:00.000Z');
  });

  it('a booking to the end of the day’s hours moves to the next day with hours', () => {
    expect(next(['Weekdays'], mondayTen, [booking('2026-11-23T14:00:00Z', '2026-11-23T22:00:00Z')])).toBe(
      '2026-11-24T14:00:00.000Z',
    );
  });

  it('is null with the "available for bookings" switch off, or when booked for the next 14 days', () => {
    expect(next(['Weekdays', 'Available Now'], mondayTen, [], false)).toBeNull();
    expect(
      next(['Weekdays'], mondayTen, [booking('2026-11-23T00:00:00Z', '2026-12-10T00:00:00Z')]),
    ).toBeNull();
    // Only Saturday hours beyond the 14 days.
    expect(
      next(['Saturday Morning'], mondayTen, [booking('2026-11-23T00:00:00Z', '2026-12-06T00:00:00Z')]),
    ).toBeNull();
  });

  it('property: the answer is never before now, within 14 days, inside the weekly hours and in no booking', () => {
    const slots = [...AVAILABILITY_SLOTS, 'Weekdays', 'Mornings', 'Afternoons', 'Evenings', 'Available Now'];
    fc.assert(
      fc.property(
        fc.date({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.subarray(slots),
        fc.array(fc.tuple(fc.integer({ min: -48, max: 400 }), fc.integer({ min: 1, max: 72 })), {
          maxLength: 8,
        }),
        (now, availability, spans) => {
          const busy = spans.map(([startH, hours]) => ({
            startsAt: new Date(now.getTime() + startH * 3_600_000),
            endsAt: new Date(now.getTime() + (startH + hours) * 3_600_000),
          }));
          const result = nextAvailableAt({ availability, isAvailable: true }, busy, now);
          if (!result) return;
          const t = result.getTime();
          expect(t).toBeGreaterThanOrEqual(now.getTime());
          expect(t).toBeLessThan(now.getTime() + NEXT_AVAILABLE_DAYS * 86_400_000);
          expect(busy.some((b) => b.startsAt.getTime() <= t && t < b.endsAt.getTime())).toBe(false);
          if (!(availability.includes('Available Now') && jamaicaToday(result) === jamaicaToday(now))) {
            // Jamaica's weekday and hour of the answer lie in one of the ticked hours (or last night's overnight).
            const local = new Date(t - 5 * 3_600_000);
            const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
            const inHours = (weekday: number, h: number) =>
              hoursOn(availability, weekday).some(([from, to]) => from <= h && h < to);
            const wd = local.getUTCDay();
            expect(inHours(wd, hour) || inHours((wd + 6) % 7, hour + 24)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  /** The first version: every window of the 16 days, sorted, walked in order (the day-by-day walk's spec). */
  function allWindowsReference(availability: string[], busy: BusyTime[], now: Date): Date | null {
    const H = 3_600_000;
    const D = 24 * H;
    const nowMs = now.getTime();
    const localNow = nowMs - 5 * H;
    const todayStart = localNow - (((localNow % D) + D) % D) + 5 * H;
    const windows: [number, number][] = [];
    if (availability.includes('Available Now')) windows.push([nowMs, todayStart + D]);
    for (let d = -1; d <= NEXT_AVAILABLE_DAYS; d++) {
      const dayStart = todayStart + d * D;
      const weekday = new Date(dayStart + 5 * H).getUTCDay();
      for (const [from, to] of hoursOn(availability, weekday))
        windows.push([dayStart + from * H, dayStart + to * H]);
    }
    windows.sort((a, b) => a[0] - b[0]);
    for (const [from, to] of windows) {
      let t = Math.max(from, nowMs);
      for (let moved = true; moved && t < to; ) {
        moved = false;
        for (const b of busy) {
          if (b.startsAt.getTime() <= t && t < b.endsAt.getTime()) {
            t = b.endsAt.getTime();
            moved = true;
          }
        }
      }
      if (t < to && t < nowMs + NEXT_AVAILABLE_DAYS * D) return new Date(t);
    }
    return null;
  }

  it('property: walking day by day finds what walking all 16 days of windows in order finds', () => {
    const slots = [
      ...AVAILABILITY_SLOTS,
      'Weekdays',
      'Weekends',
      'Mornings',
      'Afternoons',
      'Evenings',
      'Overnight',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: at('2026-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.subarray([...slots, 'Available Now']),
        fc.array(fc.tuple(fc.integer({ min: -48, max: 400 }), fc.integer({ min: 1, max: 120 })), {
          maxLength: 10,
        }),
        (now, availability, spans) => {
          const busy = spans.map(([startH, hours]) => ({
            startsAt: new Date(now.getTime() + startH * 3_600_000),
            endsAt: new Date(now.getTime() + (startH + hours) * 3_600_000),
          }));
          expect(nextAvailableAt({ availability, isAvailable: true }, busy, now)).toEqual(
            allWindowsReference(availability, busy, now),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('nextAvailableLabel: the card badge from nextAvailableAt', () => {
  const mondayTen = at('2026-11-23T15:00:00Z');
  it.each([
    ['now', '2026-11-23T15:00:00.000Z', 'Available now'],
    ['later today (23:59 in Jamaica)', '2026-11-24T04:59:00.000Z', 'Available today'],
    ['00:00 Tuesday in Jamaica (05:00 UTC)', '2026-11-24T05:00:00.000Z', 'Available tomorrow'],
    ['Saturday', '2026-11-28T13:00:00.000Z', 'Next available Sat 28 Nov'],
    ['nothing in 14 days', null, null],
  ])('%s', (_label, next, expected) => {
    expect(nextAvailableLabel(next, mondayTen)).toBe(expected);
  });
});

describe('jamaicaShortDate', () => {
  it("writes every day of 2025-2028, at any hour, as Intl's en-GB short date in Jamaica does", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Jamaica',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2029, 0, 1); at += 3_600_000 * 7) {
      expect(jamaicaShortDate(at), new Date(at).toISOString()).toBe(intl.format(at).replace(',', ''));
    }
  });
});
