import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from './harness';

describe.each(DB_KINDS)('the test harness on %s', (kind) => {
  const t = useTestApp(kind);

  it('t.db is the app database once the hooks ran', () => {
    expect(t.db).toBe(t.database.db);
  });

  it('injectAs(null) is a visitor: 401 on a signed-in route; injectAs(family) is that user', async () => {
    expect((await t.injectAs(null, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const family = await t.signedIn({ firstName: 'Harness' });
    const me = await t.injectAs(family, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(family.user.email);
  });

  it('injectAs keeps the other headers and t.signedInCaregiver signs in a caregiver', async () => {
    const carer = await t.signedInCaregiver();
    const me = await t.injectAs(carer, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-request-id': 'harness-test' },
    });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(carer.user.email);
  });
});
