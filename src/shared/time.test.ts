import { describe, expect, it } from 'vitest';
import { jamaicaToday, jamaicaYear } from './time';

describe('jamaicaYear', () => {
  it('is the year of jamaicaToday, also in the five hours when it is already next year in UTC', () => {
    const instants = [
      '2026-12-31T23:59:59Z',
      '2027-01-01T00:00:00Z',
      '2027-01-01T04:59:59Z',
      '2027-01-01T05:00:00Z',
      '2026-07-01T12:00:00Z',
    ].map((iso) => new Date(iso));
    for (const at of instants) expect(jamaicaYear(at), at.toISOString()).toBe(jamaicaToday(at).slice(0, 4));
    expect(jamaicaYear(new Date('2027-01-01T04:59:59Z'))).toBe('2026');
  });
});
