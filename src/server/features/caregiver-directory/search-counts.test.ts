import { describe, expect, it } from 'vitest';
import { PARISHES } from '../../../shared/catalog';
import { DB_KINDS } from '../../test/harness';
import { useSearchFixture } from './search-test-fixtures';

describe.each(DB_KINDS)('caregiver search counts on %s', (kind) => {
  const { t } = useSearchFixture(kind);

  describe('counts', () => {
    it('counts listed caregivers per kind: all 8 kinds in catalog order, 0 included', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/kinds' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { kind: 'child-care', count: 2 },
        { kind: 'babysitters', count: 1 },
        { kind: 'tutors', count: 1 },
        { kind: 'senior-care', count: 1 },
        { kind: 'special-needs', count: 1 },
        { kind: 'housekeepers', count: 1 },
        { kind: 'janitors', count: 1 },
        { kind: 'maintenance', count: 1 },
      ]);
    });

    it('counts per parish: all 14 in catalog order, 0 included', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/parish-counts' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { parish: string; count: number }[];
      expect(body.map((p) => p.parish)).toEqual([...PARISHES]);
      expect(Object.fromEntries(body.filter((p) => p.count).map((p) => [p.parish, p.count]))).toEqual({
        Kingston: 1,
        'St. Andrew': 2,
        'St. James': 1,
        'St. Catherine': 1,
        'St. Ann': 1,
      });
    });

    it('counts per parish with the search filters', async () => {
      const counts = async (query: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/caregivers/parish-counts?${query}` });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { parish: string; count: number }[];
        expect(body).toHaveLength(14);
        return Object.fromEntries(body.filter((p) => p.count).map((p) => [p.parish, p.count]));
      };
      expect(await counts('type=child-care')).toEqual({ Kingston: 1, 'St. Ann': 1 });
      expect(await counts('skills=Light Housekeeping&maxRate=1500')).toEqual({
        'St. Andrew': 1,
        'St. Catherine': 1,
      });
      expect(await counts('q=tutor')).toEqual({ 'St. Andrew': 1 });
      expect(await counts('location=st andrew&verified=true')).toEqual({ 'St. Andrew': 1 });
      expect(await counts('q=xylophone')).toEqual({});
    });

    it('refuses bad parish-count filters with 400', async () => {
      for (const q of ['minRate=abc', 'minRate=5&maxRate=1', 'type=plumbers', 'experience=-1']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/caregivers/parish-counts?${q}` });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });
  });
});
