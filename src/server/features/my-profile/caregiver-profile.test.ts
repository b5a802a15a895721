import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caregivers } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

const onboarding = (overrides: Record<string, unknown> = {}) => ({
  bio: 'Caring nanny with years of experience in Kingston homes.',
  experience: 6,
  hourlyRate: 1800,
  skills: ['Infant Care', 'Meal Preparation'],
  certifications: ['CPR Certified'],
  availability: ['Monday Morning', 'Weekends'],
  kinds: ['child-care', 'babysitters'],
  parish: 'St. Catherine',
  location: 'Portmore',
  ...overrides,
});
describe.each(DB_KINDS)('caregiver profile on %s', (kind) => {
  const t = useTestApp(kind);

  async function signIn(userType: 'family' | 'caregiver' | 'admin', extra = {}) {
    const user = await createUser(t.database.db, { userType, ...extra });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  }

  it('GET /api/caregivers/me?ifExists=true: 200 and null before onboarding (issue 32), the profile after; without it still 404', async () => {
    const carer = await signIn('caregiver');
    const family = await signIn('family');
    const ask = (h: Record<string, string>, url = '/api/caregivers/me?ifExists=true') =>
      t.app.inject({ method: 'GET', url, headers: h });
    const none = await ask(carer.h);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await ask(carer.h, '/api/caregivers/me')).statusCode).toBe(404);
    expect((await ask(family.h)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/caregivers', headers: carer.h, payload: onboarding() });
    const mine = await ask(carer.h);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ userId: carer.user.id, location: 'Portmore' });
  });

  it('POST /api/caregivers: 401 for visitors, 403 for families, 201 once for the caregiver, then 409', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/caregivers', payload: onboarding() })).statusCode,
    ).toBe(401);
    const family = await signIn('family');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: family.h,
      payload: onboarding(),
    });
    expect(refused.statusCode).toBe(403);

    const carer = await signIn('caregiver');
    const before = await t.app.inject({ method: 'GET', url: '/api/caregivers/me', headers: carer.h });
    expect(before.statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: onboarding(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: carer.user.id,
      experience: 6,
      hourlyRate: '1800.00',
      kinds: ['child-care', 'babysitters'],
      location: 'Portmore',
      parish: 'St. Catherine',
      isAvailable: true,
      weeklyAvailability: { monday: true, friday: true, saturday: false, sunday: false },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: onboarding(),
    });
    expect(again.statusCode).toBe(409);
    const me = await t.app.inject({ method: 'GET', url: '/api/caregivers/me', headers: carer.h });
    expect(me.statusCode).toBe(200);
    expect(me.json().bio).toContain('Caring nanny');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/caregivers/me', headers: family.h })).statusCode,
    ).toBe(403);
  });

  it.each([
    ['no bio', { bio: '' }, 'bio'],
    ['experience as text', { experience: '3' }, 'experience'],
    ['experience not whole', { experience: 2.5 }, 'experience'],
    ['rate not a number', { hourlyRate: 'lots' }, 'hourlyRate'],
    ['rate too low', { hourlyRate: 5 }, 'hourlyRate'],
    ['no skills', { skills: [] }, 'skills'],
    ['no kinds', { kinds: [] }, 'kinds'],
    ['unknown kind', { kinds: ['astronaut'] }, 'kinds'],
    ['unknown availability', { availability: ['Someday'] }, 'availability'],
    ['town outside the parish', { parish: 'St. James', location: 'Portmore' }, 'location'],
    ['unknown town', { location: 'Atlantis', parish: undefined }, 'location'],
  ])('POST /api/caregivers refuses %s with 400 and a message', async (_name, patch, path) => {
    const carer = await signIn('caregiver');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: onboarding(patch),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .join(' '),
    ).toContain(path);
  });

  /** Exactly the spec's onboarding payload (docs/product.md#the-api-contract): no kinds, no parish, no town. */
  const specOnboarding = (skills: string[], certifications: string[] = []) => ({
    bio: 'Patient and kind, ten years with families in Spanish Town.',
    experience: 3,
    hourlyRate: '1500',
    skills,
    certifications,
    availability: ['Monday Morning', 'Weekends'],
  });

  it.each([
    [['Infant Care', 'Meal Preparation'], [], ['child-care', 'babysitters']],
    [['Toddler Care'], ['CPR Certified'], ['child-care', 'babysitters']],
    [['Homework Help', 'Educational Activities'], [], ['tutors']],
    [['Pet Care'], ['Teaching Credential'], ['tutors']],
    [['Meal Preparation'], ['Nursing Assistant'], ['senior-care']],
    [['special needs care'], [], ['special-needs']],
    [['Light Housekeeping', 'School Age Care'], [], ['child-care', 'babysitters', 'housekeepers']],
    // Nothing points to a kind (signup stores no kinds): child care.
    [['Pet Care', 'Transportation'], ['CPR Certified'], ['child-care']],
  ])(
    'POST /api/caregivers takes the spec payload without kinds: %j + %j → %j, to be confirmed',
    async (skills, certs, kinds) => {
      const carer = await signIn('caregiver');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/caregivers',
        headers: carer.h,
        payload: specOnboarding(skills, certs),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ kinds, kindsConfirmed: false, hourlyRate: '1500.00' });
      // The guess makes the profile findable under its kinds at once.
      const [row] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, carer.user.id));
      expect(row.kinds).toEqual(kinds);
      expect(row.kindsConfirmedAt).toBeNull();
    },
  );

  it('a guessed profile is confirmed by saving kinds (the same or others); other edits leave it a guess', async () => {
    const carer = await signIn('caregiver');
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/caregivers',
        headers: carer.h,
        payload: specOnboarding(['Homework Help']),
      })
    ).json();
    // Families find the guess under its kind at once.
    const tutors = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?type=tutors&limit=50' });
    expect(tutors.json().map((c: { id: number }) => c.id)).toContain(id);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/caregivers/me', headers: carer.h, payload });
    expect((await patch({ bio: 'Maths and English lessons.' })).json().kindsConfirmed).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/caregivers/me', headers: carer.h })).json(),
    ).toMatchObject({ kinds: ['tutors'], kindsConfirmed: false });
    // Present-but-invalid kinds are still refused with the field's message.
    const bad = await patch({ kinds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'kinds',
      message: 'Choose at least one kind of care',
    });
    const confirmed = await patch({ kinds: ['tutors', 'child-care'] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ kinds: ['tutors', 'child-care'], kindsConfirmed: true });

    // The web onboarding sends kinds: chosen, so nothing to confirm.
    const web = await signIn('caregiver');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: web.h,
      payload: onboarding(),
    });
    expect(created.json()).toMatchObject({ kinds: ['child-care', 'babysitters'], kindsConfirmed: true });
  });

  it.each([
    ['null', null, 'Choose the kinds of care you offer'],
    ['a text', 'tutors', 'Choose the kinds of care you offer'],
    ['empty', [], 'Choose at least one kind of care'],
    ['unknown', ['astronaut'], 'Unknown kind of care'],
  ])('POST /api/caregivers still refuses kinds sent as %s', async (_name, kinds, message) => {
    const carer = await signIn('caregiver');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: { ...specOnboarding(['Infant Care']), kinds },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/^kinds/), message }),
    );
  });

  it('PATCH /api/caregivers/me saves every field and the availability switch; nobody else can', async () => {
    const carer = await signIn('caregiver');
    await t.app.inject({ method: 'POST', url: '/api/caregivers', headers: carer.h, payload: onboarding() });
    const other = await signIn('caregiver');
    await t.app.inject({ method: 'POST', url: '/api/caregivers', headers: other.h, payload: onboarding() });

    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/caregivers/me',
      headers: carer.h,
      payload: {
        bio: 'Now also tutoring maths.',
        kinds: ['tutors'],
        hourlyRate: '2200.50',
        experience: 10,
        skills: ['Homework Help'],
        certifications: [],
        location: 'Montego Bay',
        availability: ['Evenings', 'Saturday Morning'],
        weeklyAvailability: {
          monday: false,
          tuesday: true,
          wednesday: true,
          thursday: true,
          friday: true,
          saturday: true,
          sunday: false,
        },
        isAvailable: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bio: 'Now also tutoring maths.',
      kinds: ['tutors'],
      hourlyRate: '2200.50',
      experience: 10,
      location: 'Montego Bay',
      parish: 'St. James',
      isAvailable: false,
      weeklyAvailability: { monday: false, saturday: true },
    });
    const [row] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, carer.user.id));
    expect(row.isAvailable).toBe(false);
    // The other caregiver's profile is untouched.
    const [otherRow] = await t.database.db
      .select()
      .from(caregivers)
      .where(eq(caregivers.userId, other.user.id));
    expect(otherRow.isAvailable).toBe(true);
    expect(otherRow.kinds).toEqual(['child-care', 'babysitters']);

    for (const payload of [{}, { weeklyAvailability: { monday: true } }, { isAvailable: 'no' }]) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/caregivers/me',
        headers: carer.h,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noProfile = await signIn('caregiver');
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/caregivers/me',
          headers: noProfile.h,
          payload: { bio: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const family = await signIn('family');
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/caregivers/me',
          headers: family.h,
          payload: { bio: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/caregivers/me', payload: { bio: 'x' } })).statusCode,
    ).toBe(401);
  });
});
