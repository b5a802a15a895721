import { describe, expect, it } from 'vitest';
import { SEARCH_DEFAULT_LIMIT, SEARCH_SORTS } from '../../../shared/contracts/caregivers';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersToParams,
  isQuickFilterActive,
  PAGE_SIZE,
  parishCountParams,
  parseFilters,
  QUICK_FILTERS,
  type SearchFilters,
  SORTS,
  searchApiParams,
  toggleQuickFilter,
} from './search-params';

it('uses the contract’s sorts and page size', () => {
  expect(SORTS).toEqual(SEARCH_SORTS);
  expect(PAGE_SIZE).toBe(SEARCH_DEFAULT_LIMIT);
});

const quick = (id: string) => {
  const found = QUICK_FILTERS.find((q) => q.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('URL ↔ filters', () => {
  it('round-trips every filter through the URL', () => {
    const filters: SearchFilters = {
      q: 'patient nanny',
      location: 'Half Way Tree',
      type: 'tutors',
      parish: 'St. Andrew',
      minRate: 800,
      maxRate: 1200,
      experience: 3,
      skills: ['First Aid Certified', 'Arts & Crafts'],
      availability: ['Weekends', 'Evenings'],
      verified: true,
      urgent: true,
      sort: 'rate_asc',
      page: 3,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'q=patient+nanny&type=tutors&location=Half+Way+Tree&parish=St.+Andrew&minRate=800&maxRate=1200&experience=3&skills=First+Aid+Certified%2CArts+%26+Crafts&availability=Weekends%2CEvenings&verified=true&urgent=true&sort=rate_asc&page=3',
    );
    expect(parseFilters(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it('leaves defaults out of the URL', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(parseFilters(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });

  it('reads the home page link and lowercases the care type (docs/product.md#screens-and-routes)', () => {
    const filters = parseFilters(new URLSearchParams('type=Tutors&location=Kingston&urgent=true'));
    expect(filters).toMatchObject({ type: 'tutors', location: 'Kingston', urgent: true });
    expect(parseFilters(new URLSearchParams('type=housekeeping')).type).toBe('housekeepers');
    expect(parseFilters(new URLSearchParams('type=all-services')).type).toBeUndefined();
  });

  it('drops values it cannot use instead of failing', () => {
    const filters = parseFilters(
      new URLSearchParams(
        'type=astronauts&parish=Atlantis&minRate=12.5&maxRate=abc&experience=-1&sort=cheapest&page=0&verified=yes&skills=,,',
      ),
    );
    expect(filters).toEqual(EMPTY_FILTERS);
  });

  it('finds the parish however it is spelled and swaps a reversed rate range', () => {
    const filters = parseFilters(new URLSearchParams('parish=st. andrew&minRate=1500&maxRate=500'));
    expect(filters).toMatchObject({ parish: 'St. Andrew', minRate: 500, maxRate: 1500 });
  });

  it('sends the filters to the API with limit and offset for the page', () => {
    const filters = parseFilters(new URLSearchParams('type=tutors&location=Kingston&page=2'));
    expect(Object.fromEntries(searchApiParams(filters))).toEqual({
      type: 'tutors',
      location: 'Kingston',
      limit: '24',
      offset: '24',
    });
    expect(searchApiParams(EMPTY_FILTERS).toString()).toBe('limit=24');
  });

  it('asks for parish counts with every filter except the parish, sort and page', () => {
    const filters = parseFilters(
      new URLSearchParams('type=tutors&parish=Kingston&sort=rating&page=4&verified=true'),
    );
    expect(parishCountParams(filters).toString()).toBe('type=tutors&verified=true');
  });
});

describe('quick filters (docs/product.md#constants-and-limits)', () => {
  it('Safety Certified sets First Aid + CPR skills and 3+ years', () => {
    const next = toggleQuickFilter({ ...EMPTY_FILTERS, page: 4 }, quick('safety'));
    expect(filtersToParams(next).toString()).toBe('experience=3&skills=First+Aid+Certified%2CCPR+Certified');
    expect(isQuickFilterActive(next, quick('safety'))).toBe(true);
  });

  it('Education Background sets Early Childhood Education and 2+ years', () => {
    const next = toggleQuickFilter(EMPTY_FILTERS, quick('education'));
    expect(next).toMatchObject({ skills: ['Early Childhood Education'], experience: 2 });
  });

  it('Special Needs Expert sets Special Needs Care and 5+ years, keeping other filters', () => {
    const start = parseFilters(new URLSearchParams('type=special-needs&skills=Cooking&experience=10'));
    const next = toggleQuickFilter(start, quick('special-needs'));
    expect(next).toMatchObject({
      type: 'special-needs',
      skills: ['Cooking', 'Special Needs Care'],
      experience: 10,
    });
  });

  it('a second press turns it off again', () => {
    const on = toggleQuickFilter(EMPTY_FILTERS, quick('safety'));
    const off = toggleQuickFilter(on, quick('safety'));
    expect(off).toEqual(EMPTY_FILTERS);
  });

  it('counts active filters for the Filters button', () => {
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(countActiveFilters(toggleQuickFilter(EMPTY_FILTERS, quick('safety')))).toBe(3);
  });
});
