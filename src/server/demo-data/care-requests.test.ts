import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caregivers, users } from '../db/schema';
import { sessions } from '../features/auth/sessions';
import { bearer } from '../test/factories';
import { DB_KINDS, useTestApp } from '../test/harness';
import { DEMO_FAMILY_EMAIL, seedDemoDataIfEmpty } from './index';

type Request = { id: number; status: string; applicantCount: number; applicants?: { caregiverId: number }[] };

/** The demo's open care requests (issue 21): the demo family compares applicants, who see the request. */
describe.each(DB_KINDS.slice(0, 1))('the demo care requests on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = async (id: number) => bearer(await sessions.create(t.database.db, id, {}));
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    await seedDemoDataIfEmpty(t.database.db, { passwordHash: 'not-used-here', now: new Date() });
  });

  it('has two open requests with applicants, and each applicant can open the request', async () => {
    const all = await t.database.db.execute('select id, family_id from care_requests');
    expect((all as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    const [natalie] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FAMILY_EMAIL));
    const mine: Request[] = (await get('/api/care-requests', await headersOf(natalie.id))).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'open' });
    expect(mine[0].applicantCount).toBeGreaterThanOrEqual(2);
    const full: Request = (await get(`/api/care-requests/${mine[0].id}`, await headersOf(natalie.id))).json();
    for (const a of full.applicants ?? []) {
      const [cg] = await t.database.db.select().from(caregivers).where(eq(caregivers.id, a.caregiverId));
      const seen = await get(`/api/care-requests/${mine[0].id}`, await headersOf(cg.userId));
      expect(seen.statusCode).toBe(200);
    }
  });
});
