import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it('Jamaica first, then Toronto, New York (Miami) and London; every zone one Intl knows', () => {
    expect(COMMON_TIME_ZONES.slice(0, 4).map((o) => o.zone)).toEqual([
      'America/Jamaica',
      'America/Toronto',
      'America/New_York',
      'Europe/London',
    ]);
    expect(COMMON_TIME_ZONES[2].label).toMatch(/Miami/);
    for (const { zone } of COMMON_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('marks the device’s zone when listed, and adds it right after Jamaica when not', () => {
    const listed = timeZoneOptions('America/Jamaica', 'America/Toronto');
    expect(listed).toHaveLength(COMMON_TIME_ZONES.length);
    expect(listed[1].label).toBe('Toronto, Montreal (Eastern Canada), this device');
    const added = timeZoneOptions('America/Jamaica', 'Asia/Kolkata');
    expect(added[1]).toEqual({ zone: 'Asia/Kolkata', label: 'Kolkata (this device’s time zone)' });
    // A device in Jamaica changes nothing.
    expect(timeZoneOptions('America/Jamaica', 'America/Jamaica')).toEqual([...COMMON_TIME_ZONES]);
  });

  it('keeps a saved zone that is not in the list, so the select shows what is saved', () => {
    const options = timeZoneOptions('Africa/Lagos', undefined);
    expect(options[1]).toEqual({ zone: 'Africa/Lagos', label: 'Lagos' });
    expect(
      timeZoneOptions('Africa/Lagos', 'Africa/Lagos').filter((o) => o.zone === 'Africa/Lagos'),
    ).toHaveLength(1);
  });
});
