import { describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('admin routes on %s', (kind) => {
  const t = useTestApp(kind);

  it('refuses visitors (401), families and caregivers (403); lets admins list and search users', async () => {
    const family = await createUser(t.database.db, {
      userType: 'family',
      firstName: 'Shanice',
      lastName: 'Reid',
    });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver' });
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const url = '/api/admin/users?q=shanice';

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const u of [family, caregiver]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(await loginToken(t.app, u.email)),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const ok = await t.app.inject({
      method: 'GET',
      url,
      headers: bearer(await loginToken(t.app, admin.email)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(1);
    expect(ok.json().users[0]).toMatchObject({ id: family.id, firstName: 'Shanice' });
    expect(ok.json().users[0]).not.toHaveProperty('password');
  });

  it('treats LIKE wildcards literally and refuses bad paging with 400', async () => {
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const h = bearer(await loginToken(t.app, admin.email));
    const wild = await t.app.inject({ method: 'GET', url: '/api/admin/users?q=%25', headers: h });
    expect(wild.json().total).toBe(0);
    for (const q of ['limit=1000', 'limit=abc', 'offset=-1', 'userType=root']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/users?${q}`, headers: h })).statusCode,
        q,
      ).toBe(400);
    }
  });
});
