import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { sessions } from '../features/auth/sessions';
import { bearer } from '../test/factories';
import { DB_KINDS, useTestApp } from '../test/harness';
import { DEMO_CAREGIVER_EMAIL, DEMO_FAMILY_EMAIL, seedDemoDataIfEmpty } from './index';

/** The demo's pending meeting request (issue 33): the caregiver login has it to answer. */
describe.each(DB_KINDS.slice(0, 1))('the demo meeting request on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = async (email: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    return bearer(await sessions.create(t.database.db, u.id, {}));
  };

  beforeAll(async () => {
    await seedDemoDataIfEmpty(t.database.db, { passwordHash: 'not-used-here', now: new Date() });
  });

  it('waits for the demo caregiver, with three future times; the family sees it waiting', async () => {
    const carer = await t.app.inject({
      method: 'GET',
      url: '/api/meetings',
      headers: await headersOf(DEMO_CAREGIVER_EMAIL),
    });
    const [m] = carer.json();
    expect(m).toMatchObject({ status: 'requested', turn: 'caregiver', side: 'caregiver', mode: 'video' });
    expect(m.can.accept).toBe(true);
    expect(m.proposedTimes).toHaveLength(3);
    for (const t of m.proposedTimes) expect(Date.parse(t)).toBeGreaterThan(Date.now());
    const family = await t.app.inject({
      method: 'GET',
      url: '/api/meetings',
      headers: await headersOf(DEMO_FAMILY_EMAIL),
    });
    expect(family.json()).toMatchObject([{ id: m.id, side: 'family', can: { accept: false } }]);
  });
});
