import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatMemberTime, formatMemberTimeRange, zoneCity } from './member-time';

/** 10:00 AM in Jamaica (UTC−5 all year) on a day. */
const tenInJamaica = (day: string) => new Date(`${day}T15:00:00Z`);

describe('formatMemberTime', () => {
  it('Toronto: the same clock as Jamaica in winter, one hour ahead in summer (DST from 8 Mar to 1 Nov 2026)', () => {
    expect(formatMemberTime(tenInJamaica('2026-03-07'), 'America/Toronto')).toBe(
      '10:00 AM Toronto (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-03-09'), 'America/Toronto')).toBe(
      '11:00 AM Toronto (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-10-31'), 'America/Toronto')).toBe(
      '11:00 AM Toronto (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-11-02'), 'America/Toronto')).toBe(
      '10:00 AM Toronto (10:00 AM Jamaica)',
    );
  });

  it('on the night the clocks change: 1:30 AM in Toronto happens twice on 1 Nov 2026, an hour apart in Jamaica', () => {
    expect(formatMemberTime(new Date('2026-11-01T05:30:00Z'), 'America/Toronto')).toBe(
      '1:30 AM Toronto (12:30 AM Jamaica)',
    );
    expect(formatMemberTime(new Date('2026-11-01T06:30:00Z'), 'America/Toronto')).toBe(
      '1:30 AM Toronto (1:30 AM Jamaica)',
    );
  });

  it('London: five hours ahead in winter, six in summer (BST from 29 Mar to 25 Oct 2026)', () => {
    expect(formatMemberTime(tenInJamaica('2026-03-28'), 'Europe/London')).toBe(
      '3:00 PM London (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-03-30'), 'Europe/London')).toBe(
      '4:00 PM London (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-10-24'), 'Europe/London')).toBe(
      '4:00 PM London (10:00 AM Jamaica)',
    );
    expect(formatMemberTime(tenInJamaica('2026-10-26'), 'Europe/London')).toBe(
      '3:00 PM London (10:00 AM Jamaica)',
    );
  });

  it('names both weekdays when the calendar day differs', () => {
    // Friday 20 Nov 2026, 8:00 PM in Jamaica is 1:00 AM on Saturday in London.
    expect(formatMemberTime(new Date('2026-11-21T01:00:00Z'), 'Europe/London')).toBe(
      '1:00 AM Sat London (8:00 PM Fri Jamaica)',
    );
    expect(formatMemberTime(new Date('2026-11-21T01:00:00Z'), 'America/Los_Angeles')).toBe(
      '5:00 PM Los Angeles (8:00 PM Jamaica)',
    );
  });

  it('a member in Jamaica, or with no or an unknown zone, reads Jamaica time only', () => {
    const at = tenInJamaica('2026-07-01');
    expect(formatMemberTime(at, 'America/Jamaica')).toBe('10:00 AM Jamaica');
    expect(formatMemberTime(at, null)).toBe('10:00 AM Jamaica');
    expect(formatMemberTime(at, 'Mars/Olympus_Mons')).toBe('10:00 AM Jamaica');
    expect(formatMemberTime(at, 'america/new_york')).toBe('11:00 AM New York (10:00 AM Jamaica)');
  });
});

describe('canonicalTimeZone', () => {
  it('takes IANA names Intl knows, in any case, and nothing else', () => {
    expect(canonicalTimeZone('America/Toronto')).toBe('America/Toronto');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    // Kept as chosen, though ICU's own name for them is America/Buenos_Aires and Asia/Calcutta.
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    for (const bad of [
      '',
      'Toronto/Canada',
      '+05:00',
      'EST5EDT; drop table',
      'America/../../etc',
      'x'.repeat(65),
    ]) {
      expect(canonicalTimeZone(bad), bad).toBeUndefined();
    }
    expect(zoneCity('America/New_York')).toBe('New York');
  });
});

describe('formatMemberTimeRange', () => {
  const at = (iso: string) => new Date(iso);
  it('Toronto in summer: one hour ahead of Jamaica, the same day', () => {
    // 9:00 AM – 1:00 PM in Jamaica on 10 Jun 2026 (UTC−5).
    expect(
      formatMemberTimeRange(at('2026-06-10T14:00:00Z'), at('2026-06-10T18:00:00Z'), 'America/Toronto'),
    ).toBe('10:00 AM – 2:00 PM Toronto');
    // In winter Toronto keeps Jamaica's clock.
    expect(
      formatMemberTimeRange(at('2026-12-10T14:00:00Z'), at('2026-12-10T18:00:00Z'), 'America/Toronto'),
    ).toBe('9:00 AM – 1:00 PM Toronto');
  });

  it('London, an evening visit: past midnight there, so each end carries its weekday', () => {
    // 8:00 PM – 11:00 PM Friday 4 Dec 2026 in Jamaica is 1:00 AM – 4:00 AM Saturday in London.
    expect(
      formatMemberTimeRange(at('2026-12-05T01:00:00Z'), at('2026-12-05T04:00:00Z'), 'Europe/London'),
    ).toBe('1:00 AM Sat – 4:00 AM Sat London');
    // 5:00 PM – 9:00 PM Friday in Jamaica: 10:00 PM Friday – 2:00 AM Saturday in London.
    expect(
      formatMemberTimeRange(at('2026-12-04T22:00:00Z'), at('2026-12-05T02:00:00Z'), 'Europe/London'),
    ).toBe('10:00 PM Fri – 2:00 AM Sat London');
  });

  it('nothing for a member in Jamaica, with no zone or an unknown one', () => {
    const s = at('2026-06-10T14:00:00Z');
    const e = at('2026-06-10T18:00:00Z');
    expect(formatMemberTimeRange(s, e, 'America/Jamaica')).toBeUndefined();
    expect(formatMemberTimeRange(s, e, null)).toBeUndefined();
    expect(formatMemberTimeRange(s, e, 'Mars/Olympus_Mons')).toBeUndefined();
  });
});
