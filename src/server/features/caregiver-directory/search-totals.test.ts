import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXT_TOTAL_CAP, SEARCH_TOTAL_CAP } from '../../../shared/contracts/caregivers';
import { seedBulkCaregivers } from '../../demo-data';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('the total beyond %s matches', (kind) => {
  const t = useTestApp(kind);
  let listedCount = 0;

  beforeAll(async () => {
    await seedBulkCaregivers(t.database.db, 1150, {
      runId: 'cap',
      passwordHash: 'x',
      now: new Date('2025-07-01'),
    });
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from caregivers where is_listed`,
    )) as unknown as { rows: { n: number }[] };
    listedCount = result.rows[0].n;
  }, 120_000);

  it(`is exact up to ${SEARCH_TOTAL_CAP}, then a lower bound flagged X-Total-Count-Exact: false`, async () => {
    expect(listedCount).toBeGreaterThan(Math.max(1014, SEARCH_TOTAL_CAP));
    const first = await t.app.inject({ method: 'GET', url: '/api/caregivers/search' });
    expect(first.headers['x-total-count']).toBe(String(SEARCH_TOTAL_CAP));
    expect(first.headers['x-total-count-exact']).toBe('false');
    // Far pages count up to their end, so 'next' keeps working.
    const far = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?offset=990&limit=24' });
    expect(far.json()).toHaveLength(24);
    expect(far.headers['x-total-count']).toBe('1014');
    expect(far.headers['x-total-count-exact']).toBe('false');
    // The last page knows the exact total.
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/caregivers/search?offset=${listedCount - 10}&limit=50`,
    });
    expect(last.json()).toHaveLength(10);
    expect(last.headers['x-total-count']).toBe(String(listedCount));
    expect(last.headers['x-total-count-exact']).toBe('true');
    // Narrow searches stay exact.
    const narrow = await t.app.inject({
      method: 'GET',
      url: '/api/caregivers/search?parish=Hanover&limit=50',
    });
    expect(narrow.headers['x-total-count-exact']).toBe('true');
    expect(Number(narrow.headers['x-total-count'])).toBe(narrow.json().length);
  });

  it(`counts text matches exactly up to ${SEARCH_TEXT_TOTAL_CAP}`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?q=care' });
    expect(res.json()).toHaveLength(24);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_TEXT_TOTAL_CAP));
    expect(res.headers['x-total-count-exact']).toBe('false');
    const rare = await t.app.inject({
      method: 'GET',
      url: '/api/caregivers/search?q=care&parish=Hanover&limit=50',
    });
    expect(rare.headers['x-total-count-exact']).toBe('true');
    expect(Number(rare.headers['x-total-count'])).toBe(rare.json().length);
  });

  it('pages through every listed caregiver once', async () => {
    const seen = new Set<number>();
    for (let offset = 0; offset < listedCount; offset += 50) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?offset=${offset}&limit=50`,
      });
      for (const c of res.json()) seen.add(c.id);
    }
    expect(seen.size).toBe(listedCount);
  });

  it('counts kinds over every listed caregiver (no cap)', async () => {
    const kinds = (await t.app.inject({ method: 'GET', url: '/api/caregivers/kinds' })).json();
    const parishes = (await t.app.inject({ method: 'GET', url: '/api/caregivers/parish-counts' })).json();
    expect(parishes.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(listedCount);
    expect(kinds.reduce((n: number, k: { count: number }) => n + k.count, 0)).toBeGreaterThanOrEqual(
      listedCount,
    );
  });
});
