import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';

describe.each(DB_KINDS)('a member’s time zone and currency on %s', (kind) => {
  const t = useTestApp(kind);
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload: payload as object });
  const me = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json();

  it('defaults to America/Jamaica and JMD, readable on /api/auth/me', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    expect(await me(family.headers)).toMatchObject({ timeZone: 'America/Jamaica', currency: 'JMD' });
  });

  it('PATCH /api/users/me sets either or both, case-corrected; the other fields stay as they were', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const both = await patch(family.headers, { timeZone: 'america/toronto', currency: 'CAD' });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      timeZone: 'America/Toronto',
      currency: 'CAD',
      firstName: family.user.firstName,
    });
    expect((await patch(family.headers, { currency: 'GBP' })).json()).toMatchObject({
      timeZone: 'America/Toronto',
      currency: 'GBP',
    });
    expect(await me(family.headers)).toMatchObject({ timeZone: 'America/Toronto', currency: 'GBP' });
    // A caregiver may set them too (they read the same dates).
    const carer = await signedIn(t.database.db, { userType: 'caregiver' });
    expect((await patch(carer.headers, { timeZone: 'Europe/London' })).json().timeZone).toBe('Europe/London');
  });

  it('the spec client’s own payloads work exactly as before: the new fields are never required', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const res = await patch(family.headers, {
      firstName: 'Kerry-Ann',
      lastName: 'Brown',
      location: 'Ocho Rios',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Kerry-Ann',
      timeZone: 'America/Jamaica',
      currency: 'JMD',
    });
  });

  it('refuses what is no IANA zone or no supported currency with a 400 naming the field, and strangers with 401', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const bad: [object, string][] = [
      [{ timeZone: 'Toronto' }, 'timeZone'],
      [{ timeZone: '+05:00' }, 'timeZone'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ timeZone: 'A'.repeat(200) }, 'timeZone'],
      [{ timeZone: 5 }, 'timeZone'],
      [{ currency: 'usd' }, 'currency'],
      [{ currency: 'JPY' }, 'currency'],
      [{ currency: null }, 'currency'],
    ];
    for (const [payload, field] of bad) {
      const res = await patch(family.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await me(family.headers)).toMatchObject({ timeZone: 'America/Jamaica', currency: 'JMD' });
    expect((await patch({}, { currency: 'USD' })).statusCode).toBe(401);
  });
});
