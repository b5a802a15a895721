import { describe, expect, it } from 'vitest';
import { availabilityBadge, isJamaicaWorkingHours } from './availability';

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

describe('availabilityBadge (spec §4)', () => {
  const mondayNoon = at('2025-07-14T17:00:00Z');
  const mondayEvening = at('2025-07-14T23:00:00Z');
  const saturdayNoon = at('2025-07-19T17:00:00Z');

  it("says 'Available Now' whenever the list says so, at any hour", () => {
    for (const now of [mondayNoon, mondayEvening, saturdayNoon]) {
      expect(availabilityBadge(['Weekends', 'Available Now'], now)).toBe('Available Now');
    }
  });

  it("says 'Available Today' for weekday caregivers during Jamaica's working hours only", () => {
    expect(availabilityBadge(['Weekdays', 'Mornings'], mondayNoon)).toBe('Available Today');
    expect(availabilityBadge(['Weekdays', 'Mornings'], mondayEvening)).toBe('Available Tomorrow');
    expect(availabilityBadge(['Weekdays'], saturdayNoon)).toBe('Available Tomorrow');
  });

  it("says 'Available Tomorrow' otherwise", () => {
    expect(availabilityBadge([], mondayNoon)).toBe('Available Tomorrow');
    expect(availabilityBadge(['Weekends', 'Monday Morning'], mondayNoon)).toBe('Available Tomorrow');
  });

  it('does not depend on the time zone of the device', () => {
    // The test set-up pins TZ to America/Jamaica; the rule must not read local time at all.
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(availabilityBadge(['Weekdays'], at('2025-07-14T14:00:00Z'))).toBe('Available Today');
      expect(availabilityBadge(['Weekdays'], at('2025-07-14T13:59:00Z'))).toBe('Available Tomorrow');
    } finally {
      process.env.TZ = saved;
    }
  });
});
