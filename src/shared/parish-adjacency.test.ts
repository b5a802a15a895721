import { describe, expect, it } from 'vitest';
import { PARISHES } from './catalog';
import { ADJACENT_PARISHES, parishesWithinTravel, parishTravel, travelLabel } from './parish-adjacency';

describe('parish adjacency', () => {
  it('covers all 14 parishes, each with at least one neighbour, never itself', () => {
    expect(Object.keys(ADJACENT_PARISHES).sort()).toEqual([...PARISHES].sort());
    expect(PARISHES).toHaveLength(14);
    for (const p of PARISHES) {
      expect(ADJACENT_PARISHES[p].length).toBeGreaterThan(0);
      expect(ADJACENT_PARISHES[p]).not.toContain(p);
      expect(new Set(ADJACENT_PARISHES[p]).size).toBe(ADJACENT_PARISHES[p].length);
    }
  });

  it('is symmetric', () => {
    for (const p of PARISHES)
      for (const q of ADJACENT_PARISHES[p]) expect(ADJACENT_PARISHES[q], `${q} next to ${p}`).toContain(p);
  });

  it('says how far: Hanover is not within travel of St. Andrew; St. Catherine is the next parish', () => {
    expect(parishTravel('St. Andrew', 'Hanover')).toBe('far');
    expect(parishTravel('St. Andrew', 'St. Catherine')).toBe('next');
    expect(parishTravel('Kingston', 'Kingston')).toBe('same');
    expect(parishTravel(null, 'Kingston')).toBeNull();
    expect(parishesWithinTravel('Kingston')).toEqual(['Kingston', 'St. Andrew']);
    expect(parishesWithinTravel('Atlantis')).toBeNull();
    expect(travelLabel('St. Andrew', 'St. Catherine')).toBe('Next parish: St. Catherine');
    expect(travelLabel('St. Andrew', 'St. Andrew')).toBe('Same parish');
    expect(travelLabel('St. Andrew', 'Hanover')).toBeNull();
  });
});
