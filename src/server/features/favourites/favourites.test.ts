import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caregiverStats } from '../../db/schema';
import { bearer, createCaregiver, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('favourites and profile views on %s', (kind) => {
  const t = useTestApp(kind);
  let carer: Awaited<ReturnType<typeof createCaregiver>>;
  const tokens: Record<string, string> = {};
  const stats = async () =>
    (
      await t.database.db
        .select()
        .from(caregiverStats)
        .where(eq(caregiverStats.caregiverId, carer.caregiver.id))
    )[0];

  beforeAll(async () => {
    carer = await createCaregiver(t.database.db);
    const f1 = await createUser(t.database.db);
    const f2 = await createUser(t.database.db);
    tokens.f1 = await loginToken(t.app, f1.email);
    tokens.f2 = await loginToken(t.app, f2.email);
    tokens.carer = await loginToken(t.app, carer.user.email);
  });

  it('adds and removes hearts idempotently and keeps favoriteCount', async () => {
    const fav = (method: 'PUT' | 'DELETE', token: string, id = carer.caregiver.id) =>
      t.app.inject({ method, url: `/api/favourites/${id}`, headers: bearer(token) });
    expect((await fav('PUT', tokens.f1)).json()).toEqual({
      caregiverId: carer.caregiver.id,
      favourite: true,
    });
    await fav('PUT', tokens.f1);
    await fav('PUT', tokens.f2);
    expect((await stats()).favoriteCount).toBe(2);
    await fav('DELETE', tokens.f2);
    await fav('DELETE', tokens.f2);
    expect((await stats()).favoriteCount).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/favourites', headers: bearer(tokens.f1) });
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([carer.caregiver.id]);
    expect((await fav('PUT', tokens.carer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/favourites/${carer.caregiver.id}` })).statusCode,
    ).toBe(401);
    expect((await fav('PUT', tokens.f1, 99_999_999)).statusCode).toBe(404);
  });

  it('counts a profile view once per visitor per day, never the owner', async () => {
    const before = (await stats()).profileViews;
    const view = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/caregivers/${carer.caregiver.id}/views`, headers });
    expect((await view(bearer(tokens.f1))).json()).toEqual({ counted: true });
    expect((await view(bearer(tokens.f1))).json()).toEqual({ counted: false });
    expect((await view(bearer(tokens.carer))).json()).toEqual({ counted: false });
    // A visitor: the first answer sets a cookie that identifies them for the day.
    const first = await view();
    expect(first.json()).toEqual({ counted: true });
    const cookie = first.cookies.find((c) => c.name === 'yc_vid');
    expect(cookie?.httpOnly).toBe(true);
    expect((await view({ cookie: `yc_vid=${cookie?.value}` })).json()).toEqual({ counted: false });
    expect((await stats()).profileViews).toBe(before + 2);
    expect((await t.app.inject({ method: 'POST', url: '/api/caregivers/99999999/views' })).statusCode).toBe(
      404,
    );
  });
});
