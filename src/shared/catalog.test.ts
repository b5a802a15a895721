import { describe, expect, it } from 'vitest';
import { findParish, findTown, PARISHES, SIGNUP_TOWNS, TOWNS } from './catalog';
import { TOWNS_BY_PARISH } from './towns-by-parish';

describe('location catalog', () => {
  it('offers every one of the spec 15 signup towns', () => {
    for (const name of SIGNUP_TOWNS) expect(findTown(name)?.inSignupList).toBe(true);
    expect(TOWNS.filter((t) => t.inSignupList)).toHaveLength(15);
  });

  it('covers all 14 parishes, each with exactly one capital', () => {
    expect(PARISHES).toHaveLength(14);
    for (const group of TOWNS_BY_PARISH) {
      expect(group.towns.length).toBeGreaterThan(0);
      expect(TOWNS.filter((t) => t.parish === group.parish && t.isCapital)).toHaveLength(1);
    }
  });

  it('derives the parish from a town, case-insensitively, and knows no invented towns', () => {
    expect(findTown('montego bay')?.parish).toBe('St. James');
    expect(findTown('  Half Way Tree ')?.parish).toBe('St. Andrew');
    expect(findTown('Atlantis')).toBeUndefined();
    expect(findParish('st. andrew')).toBe('St. Andrew');
    expect(findParish('St Andrew')).toBeUndefined();
  });
});
