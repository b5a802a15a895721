import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_FACETS, KIND_FACETS, QUALIFICATION_FACETS } from '../../db/schema';
import { createCaregiver } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('the search facets on %s', (kind) => {
  const t = useTestApp(kind);

  it('are written by the database with the same bits as the server reads (migration 0003 ≡ schema lists)', async () => {
    const { caregiver } = await createCaregiver(t.database.db, {
      kinds: [...KIND_FACETS],
      availability: [...AVAILABILITY_FACETS],
      skills: QUALIFICATION_FACETS.slice(0, 10),
      certifications: QUALIFICATION_FACETS.slice(10),
    });
    const result = (await t.database.db.execute(
      sql`select kinds_mask, availability_mask, qualifications_mask::text as q from caregivers where id = ${caregiver.id}`,
    )) as unknown as { rows: { kinds_mask: number; availability_mask: number; q: string }[] };
    const all = (n: number) => (1n << BigInt(n)) - 1n;
    expect(BigInt(result.rows[0].kinds_mask)).toBe(all(KIND_FACETS.length));
    expect(BigInt(result.rows[0].availability_mask)).toBe(all(AVAILABILITY_FACETS.length));
    expect(BigInt(result.rows[0].q)).toBe(all(QUALIFICATION_FACETS.length));
    // And each value alone sets its own bit: the order matches too.
    for (const [i, value] of AVAILABILITY_FACETS.entries()) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?availability=${encodeURIComponent(value)}`,
      });
      expect(
        res.json().map((c: { id: number }) => c.id),
        value,
      ).toEqual([caregiver.id]);
      expect(i).toBeLessThan(31);
    }
    for (const value of [...KIND_FACETS.slice(0, 3), ...QUALIFICATION_FACETS.slice(8, 14)]) {
      const param = (KIND_FACETS as readonly string[]).includes(value) ? 'type' : 'skills';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caregivers/search?${param}=${encodeURIComponent(value)}`,
      });
      expect(
        res.json().map((c: { id: number }) => c.id),
        value,
      ).toEqual([caregiver.id]);
    }
  });
});
