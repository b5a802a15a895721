import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARISHES, TOWNS } from '../../../shared/catalog';
import { CaregiverSearchQuery } from '../../../shared/contracts/caregivers';
import { queryWords, searchFilters, searchPage } from './search-query';
import { buildSearchStatement as fresh } from './search-repo';
import { SearchStatements } from './search-statements';

/** Kept statements over the repository's builder, counting how often a statement is built. */
function counted() {
  const kept = { statements: undefined as unknown as SearchStatements, builds: 0 };
  kept.statements = new SearchStatements((f, p) => {
    kept.builds += 1;
    return fresh(f, p);
  });
  return kept;
}

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** Query strings as a client sends them, valid or not (invalid ones are skipped, as the route refuses them). */
const queryString = fc.record({
  location: maybe(
    fc.oneof(fc.constantFrom(...PARISHES, ...TOWNS.map((t) => t.name), 'kingst', 'st andrew'), fc.string()),
  ),
  minRate: maybe(fc.integer({ min: 0, max: 5000 }).map(String)),
  maxRate: maybe(fc.integer({ min: 0, max: 5000 }).map(String)),
  experience: maybe(fc.integer({ min: 0, max: 30 }).map(String)),
  skills: maybe(
    fc.constantFrom('CPR Certified,First Aid Certified', 'Background Check Completed', 'Cooking,x'),
  ),
  availability: maybe(fc.constantFrom('Weekdays,Evenings', 'Available Now', 'Weekends')),
  type: maybe(fc.constantFrom('child-care', 'senior-care', 'all-services', 'housekeeping')),
  parish: maybe(fc.constantFrom(...PARISHES)),
  q: maybe(fc.oneof(fc.constantFrom('nanny', 'tompson cpr'), fc.string({ maxLength: 12 }))),
  verified: maybe(fc.constant('true')),
  urgent: maybe(fc.constant('true')),
  sort: maybe(fc.constantFrom('relevance', 'rating', 'rate_asc', 'rate_desc', 'experience', 'reliability')),
  limit: maybe(fc.integer({ min: 1, max: 50 }).map(String)),
  offset: maybe(fc.integer({ min: 0, max: 200 }).map(String)),
});
const moment = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2028-01-01T00:00:00Z'),
  noInvalidDate: true,
});

function build(query: unknown, at: Date) {
  const input = CaregiverSearchQuery.parse(query);
  const words = queryWords(input.q);
  const f = searchFilters(input, at, words.length ? words.join(' ') : undefined);
  return [f, searchPage(input, f, at)] as const;
}

describe('search statements kept by shape', () => {
  it('answer exactly the statement built afresh, at any later or earlier moment', () => {
    fc.assert(
      fc.property(queryString, moment, moment, (query, first, later) => {
        if (!CaregiverSearchQuery.safeParse(query).success) return;
        const kept = new SearchStatements(fresh);
        kept.statement(...build(query, first));
        const again = build(query, later);
        expect(kept.statement(...again)).toEqual(fresh(...again));
      }),
      { numRuns: 300 },
    );
  });

  it('keep one shape once, and tell shapes apart', () => {
    const kept = counted();
    const at = new Date('2026-11-24T15:00:00Z');
    kept.statements.statement(...build({ location: 'Kingston' }, at));
    kept.statements.statement(...build({ location: 'Kingston' }, new Date('2026-11-25T09:30:00Z')));
    expect(kept.builds).toBe(1);
    const other = kept.statements.statement(...build({ location: 'Mandeville' }, at));
    expect(kept.builds).toBe(2);
    expect(other.params).toContain('Mandeville');
  });

  it('a value that holds a NUL is never taken for a placeholder: that shape is built afresh each time', () => {
    const kept = counted();
    const at = new Date('2026-11-24T15:00:00Z');
    const [f, p] = build({ location: 'somewhere new' }, at);
    const tricky = { ...f, location: { parishes: [], towns: [], prefix: '\u0000busy.from' } };
    const first = kept.statements.statement(tricky, p);
    const second = kept.statements.statement(tricky, p);
    expect(second).toEqual(fresh(tricky, p));
    expect(first.params).toContain('\u0000busy.from%');
    expect(kept.builds).toBe(3);
  });
});
