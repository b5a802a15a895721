import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caregiverOnboardingDrafts } from '../../db/schema';
import { bearer, createUser, loginToken, signupPayload } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

const URL = '/api/caregivers/me/onboarding-draft';
const stepOne = {
  bio: 'Nanny in Portmore for six years.',
  experience: '6',
  hourlyRate: '1800',
  kinds: ['child-care'],
  parish: 'St. Catherine',
  town: 'Portmore',
};
// The spec's onboarding payload, exactly.
const specPayload = {
  bio: 'Caring nanny with years of experience in Portmore homes.',
  experience: 6,
  hourlyRate: 1800,
  skills: ['Infant Care'],
  certifications: [],
  availability: ['Monday Morning'],
};

describe.each(DB_KINDS)('onboarding draft on %s', (kind) => {
  const t = useTestApp(kind);

  async function signIn(userType: 'family' | 'caregiver' | 'admin', extra = {}) {
    const user = await createUser(t.database.db, { userType, ...extra });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  }
  const put = (h: Record<string, string> | undefined, payload: object) =>
    t.app.inject({ method: 'PUT', url: URL, headers: h, payload });
  const get = (h?: Record<string, string>) => t.app.inject({ method: 'GET', url: URL, headers: h });

  it('refuses visitors (401), families and admins (403) on every method', async () => {
    const family = await signIn('family');
    const admin = await signIn('admin');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { step: 0, values: {} } : undefined;
      const inject = (headers?: Record<string, string>) =>
        t.app.inject({ method, url: URL, headers, ...(payload ? { payload } : {}) });
      expect((await inject()).statusCode, `${method} visitor`).toBe(401);
      for (const who of [family, admin]) {
        const res = await inject(who.h);
        expect(res.statusCode, `${method} ${who.user.userType}`).toBe(403);
        expect(res.json().message).toEqual(expect.any(String));
      }
    }
  });

  it('prefills the parish and town given at signup before anything is saved', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupPayload({ userType: 'caregiver', location: 'Ocho Rios' }),
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const h = bearer(signup.json().token);
    const res = await get(h);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ step: 0, values: { parish: 'St. Ann', town: 'Ocho Rios' }, savedAt: null });
  });

  it('saves each step, restores it, and a caregiver reads only their own draft', async () => {
    const ann = await signIn('caregiver', { location: 'Montego Bay', parish: 'St. James' });
    const bob = await signIn('caregiver', { location: 'Mandeville', parish: 'Manchester' });
    const saved = await put(ann.h, { step: 1, values: stepOne });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ step: 1, values: stepOne, savedAt: expect.any(String) });
    const again = await put(ann.h, { step: 2, values: { ...stepOne, skills: ['Infant Care'] } });
    expect(again.json()).toMatchObject({ step: 2, values: { skills: ['Infant Care'], town: 'Portmore' } });

    // After a reload: the same step and values.
    expect((await get(ann.h)).json()).toMatchObject({
      step: 2,
      values: { ...stepOne, skills: ['Infant Care'] },
    });
    // Bob sees his own (empty, prefilled) draft, never Ann's; there is no id to ask for someone else's.
    const bobs = (await get(bob.h)).json();
    expect(bobs).toEqual({ step: 0, values: { parish: 'Manchester', town: 'Mandeville' }, savedAt: null });
    expect(JSON.stringify(bobs)).not.toContain('Portmore');
    expect(
      (await t.app.inject({ method: 'GET', url: `${URL}?userId=${ann.user.id}`, headers: bob.h })).json(),
    ).toMatchObject({ savedAt: null });

    // Starting over.
    expect((await t.app.inject({ method: 'DELETE', url: URL, headers: ann.h })).statusCode).toBe(204);
    expect((await get(ann.h)).json()).toMatchObject({
      step: 0,
      savedAt: null,
      values: { town: 'Montego Bay' },
    });
  });

  it('answers 400 with field errors to a bad draft, never 500', async () => {
    const carer = await signIn('caregiver');
    const bad: object[] = [
      { step: 3, values: {} },
      { step: -1, values: {} },
      { step: 'one', values: {} },
      { values: {} },
      { step: 0, values: { bio: 'x'.repeat(2001) } },
      { step: 0, values: { skills: 'Infant Care' } },
      { step: 0, values: { password: 'nope' } },
      { step: 0, values: null },
    ];
    for (const payload of bad) {
      const res = await put(carer.h, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const rows = await t.database.db
      .select()
      .from(caregiverOnboardingDrafts)
      .where(eq(caregiverOnboardingDrafts.userId, carer.user.id));
    expect(rows).toHaveLength(0);
  });

  it('creating the profile (the spec payload) deletes the draft; saving one afterwards is refused (409)', async () => {
    const carer = await signIn('caregiver');
    expect((await put(carer.h, { step: 2, values: stepOne })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: specPayload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(caregiverOnboardingDrafts)
      .where(eq(caregiverOnboardingDrafts.userId, carer.user.id));
    expect(rows).toHaveLength(0);
    expect((await get(carer.h)).json().savedAt).toBeNull();
    expect((await put(carer.h, { step: 0, values: {} })).statusCode).toBe(409);
  });
});
