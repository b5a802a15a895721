/**
 * The spec's client contract (product spec §7, "The calls it makes"): every call in the table, sent
 * exactly as the spec's web client sends it — the same paths, the same payload fields and no others, a
 * Bearer auth_token from login/signup and a JSON content type — and each answered with success and the
 * shape that client reads. A stricter schema that would break the spec's clients fails here first.
 *
 * Secrets arrive the way a real user gets them: reset and e-mail verification links from the mail outbox,
 * the phone code from the SMS outbox; never from an HTTP answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema';
import { daysAhead } from './features/bookings/testing';
import { DB_KINDS, useTestApp } from './test/harness';
import { jpegPhoto, multipart } from './test/uploads';
import { mailedEmailToken, textedOtp } from './test/verification';

/** The payload fields of each call with a body, as spec §3 and §7 list them (`?` marks an optional one). */
const SPEC_FIELDS = {
  'POST /api/auth/login': ['email', 'password'],
  'POST /api/auth/signup': ['userType', 'firstName', 'lastName', 'email', 'location', 'password', 'phone?'],
  'POST /api/auth/forgot-password': ['email'],
  'POST /api/auth/reset-password': ['token', 'newPassword', 'confirmPassword'],
  'POST /api/caregivers': ['bio', 'experience', 'hourlyRate', 'skills', 'certifications', 'availability'],
  'POST /api/bookings (profile panel)': [
    'familyId',
    'caregiverId',
    'date',
    'startTime',
    'endTime',
    'duration',
    'totalCost',
    'notes?',
  ],
  'POST /api/bookings (confirmation screen)': [
    'familyId',
    'caregiverId',
    'date',
    'startTime',
    'endTime',
    'totalHours',
    'hourlyRate',
    'totalAmount',
    'notes',
    'status',
  ],
  'POST /api/messages': ['senderId', 'receiverId', 'content'],
  'POST /api/verification': ['userId'],
  'POST /api/verification/email/send': ['userId'],
  'POST /api/verification/email/verify': ['token'],
  'POST /api/verification/phone/send': ['userId'],
  'POST /api/verification/phone/verify': ['userId', 'otp'],
} as const;
type SpecCall = keyof typeof SPEC_FIELDS;

/** The payload has every required field of the spec's shape and nothing the spec does not list. */
function specPayload(call: SpecCall, payload: Record<string, unknown>) {
  const fields = SPEC_FIELDS[call] as readonly string[];
  const allowed = fields.map((f) => f.replace(/\?$/, ''));
  const required = fields.filter((f) => !f.endsWith('?'));
  expect(
    Object.keys(payload).filter((k) => !allowed.includes(k)),
    `${call}: fields beyond the spec`,
  ).toEqual([]);
  expect(
    required.filter((k) => !(k in payload)),
    `${call}: spec fields missing`,
  ).toEqual([]);
  return payload;
}

const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
};

const PASSWORD = 'Blue-Mountain-Coffee-42';

describe.each(DB_KINDS)('the spec client contract (spec §7) on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-spec-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The spec's request helper: Bearer auth_token when there is one, a JSON content type with a body. */
  function call(method: 'GET' | 'POST', url: string, token?: string, body?: Record<string, unknown>) {
    return t.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  }

  /** A call of SPEC_FIELDS with a payload that has exactly the spec's fields. */
  function send(spec: SpecCall, token: string | undefined, payload: Record<string, unknown>) {
    const [method, url] = spec.split(' ') as ['POST', string];
    return call(method, url, token, specPayload(spec, payload));
  }

  const stamp = `${kind}-${Date.now()}`;
  const carer = { email: `odessa-${stamp}@example.test`, token: '', userId: 0, caregiverId: 0 };
  const family = { email: `marcia-${stamp}@example.test`, token: '', userId: 0 };
  const bookingIds: number[] = [];

  it('POST /api/auth/signup {userType, firstName, lastName, email, location, password, phone?} → token, user', async () => {
    for (const [who, userType, phone] of [
      [carer, 'caregiver', '876-555-0142'],
      [family, 'family', undefined],
    ] as const) {
      const res = ok(
        await send('POST /api/auth/signup', undefined, {
          userType,
          firstName: userType === 'caregiver' ? 'Odessa' : 'Marcia',
          lastName: 'Campbell',
          email: who.email,
          location: 'Montego Bay',
          password: PASSWORD,
          ...(phone ? { phone } : {}),
        }),
      );
      const body = res.json();
      expect(body).toMatchObject({ token: expect.any(String), user: { email: who.email, userType } });
      expect(body.user).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          firstName: expect.any(String),
          lastName: expect.any(String),
          location: 'Montego Bay',
          isVerified: false,
          verificationStatus: expect.any(String),
        }),
      );
      expect(body.user).toHaveProperty('phone');
      expect(body.user).toHaveProperty('profileImageUrl');
      who.token = body.token;
      who.userId = body.user.id;
    }
  });

  it('POST /api/auth/login {email, password} → token, user', async () => {
    const res = ok(
      await send('POST /api/auth/login', undefined, { email: family.email, password: PASSWORD }),
    );
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: family.userId } });
    family.token = res.json().token;
  });

  it('GET /api/auth/me with the Bearer token → the user object', async () => {
    const res = ok(await call('GET', '/api/auth/me', family.token));
    expect(res.json()).toMatchObject({ id: family.userId, email: family.email, userType: 'family' });
  });

  it('POST /api/caregivers {bio, experience, hourlyRate, skills, certifications, availability} with a Bearer token', async () => {
    ok(
      await send('POST /api/caregivers', carer.token, {
        bio: 'Warm, patient nanny; ten years with families in Montego Bay.',
        experience: 6,
        hourlyRate: '1800',
        skills: ['Infant Care', 'Toddler Care', 'Homework Help'],
        certifications: ['CPR Certified', 'First Aid Certified'],
        availability: ['Monday Morning', 'Wednesday Afternoon', 'Weekends'],
      }),
    );
  });

  it('GET /api/caregivers/user/{userId} → the caregiver profile', async () => {
    const res = ok(await call('GET', `/api/caregivers/user/${carer.userId}`, family.token));
    expect(res.json()).toMatchObject({ id: expect.any(Number), hourlyRate: expect.anything() });
    carer.caregiverId = res.json().id;
  });

  it('GET /api/caregivers/search with no filter (home page) and with each optional filter → a list with the caregiver', async () => {
    for (const query of [
      '',
      '?location=Montego%20Bay',
      '?minRate=1000',
      '?maxRate=2000',
      '?experience=5',
      `?skills=${encodeURIComponent(['Infant Care', 'CPR Certified'].join(','))}`,
      `?availability=${encodeURIComponent(['Weekends', 'Monday Morning'].join(','))}`,
      `?location=Montego%20Bay&minRate=1000&maxRate=2000&experience=5&skills=${encodeURIComponent('Infant Care,Homework Help')}&availability=Weekends`,
    ]) {
      const res = ok(await call('GET', `/api/caregivers/search${query}`, family.token));
      const list = res.json();
      expect(Array.isArray(list), query).toBe(true);
      const found = list.find((c: { id: number }) => c.id === carer.caregiverId);
      expect(found, `search${query}`).toMatchObject({
        id: carer.caregiverId,
        // Public answers show the last name's initial only (a privacy rule); the spec reads the field.
        user: { firstName: 'Odessa', lastName: 'C', location: 'Montego Bay' },
        bio: expect.any(String),
        experience: 6,
        averageRating: expect.any(String),
        totalReviews: 0,
        skills: expect.arrayContaining(['Infant Care']),
        certifications: expect.any(Array),
        availability: expect.any(Array),
      });
      expect(found.user).toHaveProperty('profileImageUrl');
      expect(Number(found.hourlyRate)).toBe(1800);
    }
  });

  it('GET /api/caregivers/{id} → nested user (profile page) and the flat fields (confirmation screen)', async () => {
    const res = ok(await call('GET', `/api/caregivers/${carer.caregiverId}`, family.token));
    const c = res.json();
    expect(c).toMatchObject({
      id: carer.caregiverId,
      // Public answers show the last name's initial only (a privacy rule); the spec reads the field.
      user: { firstName: 'Odessa', lastName: 'C', location: 'Montego Bay' },
      userId: carer.userId,
      firstName: 'Odessa',
      lastName: 'C',
      location: 'Montego Bay',
      isVerified: false,
      experience: 6,
      skills: expect.arrayContaining(['Homework Help']),
    });
    expect(c).toHaveProperty('profileImageUrl');
    expect(Number(c.hourlyRate)).toBe(1800);
  });

  it('GET /api/reviews/caregiver/{id} → a list of reviews', async () => {
    const res = ok(await call('GET', `/api/reviews/caregiver/${carer.caregiverId}`, family.token));
    expect(res.json()).toEqual([]);
  });

  it.each([
    [
      "the profile panel's shape (startTime '9:00 AM', duration, totalCost)",
      'POST /api/bookings (profile panel)',
      () => ({
        familyId: family.userId,
        caregiverId: carer.caregiverId,
        // A week ahead in Jamaica: always in the future, whatever the hour here.
        date: daysAhead(7),
        startTime: '9:00 AM',
        endTime: '11:00 AM',
        duration: 2,
        totalCost: '3780',
        notes: 'Two children, 3 and 6.',
      }),
    ],
    [
      "the confirmation screen's shape (totalHours, hourlyRate, totalAmount, status)",
      'POST /api/bookings (confirmation screen)',
      () => ({
        familyId: family.userId,
        caregiverId: carer.caregiverId,
        date: daysAhead(8),
        startTime: '13:00',
        endTime: '16:00',
        totalHours: 3,
        hourlyRate: 1800,
        totalAmount: 5670,
        notes: '',
        status: 'pending',
      }),
    ],
  ] as const)('POST /api/bookings, %s → id', async (_shape, spec, payload) => {
    const res = ok(await send(spec, family.token, payload()));
    expect(res.json()).toMatchObject({ id: expect.any(Number) });
    bookingIds.push(res.json().id);
  });

  it("GET /api/bookings/family/{userId} → the family's bookings with status, totalCost, date", async () => {
    const res = ok(await call('GET', `/api/bookings/family/${family.userId}`, family.token));
    const list = res.json();
    expect(list.map((b: { id: number }) => b.id).sort()).toEqual([...bookingIds].sort());
    for (const b of list) {
      expect(b).toMatchObject({ status: 'pending', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(b.totalCost).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('GET /api/caregiver/dashboard → stats, caregiver, recentBookings (caregivers only)', async () => {
    const res = ok(await call('GET', '/api/caregiver/dashboard', carer.token));
    const d = res.json();
    expect(d).toMatchObject({ caregiver: expect.any(Object), stats: expect.any(Object) });
    expect(d.recentBookings.map((b: { id: number }) => b.id).sort()).toEqual([...bookingIds].sort());
  });

  it('GET /api/caregiver/{caregiverId}/dashboard → caregiver, stats, badges, recentBookings, achievements', async () => {
    const res = ok(await call('GET', `/api/caregiver/${carer.caregiverId}/dashboard`, carer.token));
    const d = res.json();
    expect(d).toMatchObject({
      caregiver: expect.any(Object),
      badges: expect.any(Array),
      recentBookings: expect.any(Array),
      achievements: expect.any(Array),
    });
    for (const stat of [
      'totalEarnings',
      'totalHours',
      'totalBookings',
      'completedBookings',
      'profileViews',
      'favoriteCount',
      'badgePoints',
      'responseTime',
      'streakDays',
      'longestStreak',
      'lastActiveDate',
    ]) {
      expect(d.stats, stat).toHaveProperty(stat);
    }
    expect(d.stats.totalEarnings).toMatch(/^\d+(\.\d+)?$/);
    expect(d.recentBookings[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        status: 'pending',
        date: expect.any(String),
        startTime: expect.any(String),
        endTime: expect.any(String),
        family: expect.objectContaining({ firstName: 'Marcia', lastName: 'Campbell' }),
        rate: expect.any(String),
        hourlyRate: expect.any(String),
        totalHours: expect.any(Number),
      }),
    );
  });

  it('POST /api/messages {senderId, receiverId, content}, then GET /api/messages → a list with isRead', async () => {
    ok(
      await send('POST /api/messages', family.token, {
        senderId: family.userId,
        receiverId: carer.userId,
        content: 'Hello Odessa, are you free next week?',
      }),
    );
    for (const who of [family, carer]) {
      const res = ok(await call('GET', '/api/messages', who.token));
      const list = res.json();
      expect(Array.isArray(list)).toBe(true);
      const sent = list.find(
        (m: { content: string }) => m.content === 'Hello Odessa, are you free next week?',
      );
      expect(sent).toMatchObject({ isRead: expect.any(Boolean) });
    }
  });

  it('GET /api/verification/{userId} fails before a record exists; POST /api/verification {userId} creates one; then the six flags', async () => {
    const first = await call('GET', `/api/verification/${carer.userId}`, carer.token);
    if (first.statusCode !== 200) {
      // The spec's client: 'if it fails, POST /api/verification with userId creates one'.
      expect(first.statusCode).toBe(404);
      ok(await send('POST /api/verification', carer.token, { userId: carer.userId }));
    }
    const res = ok(await call('GET', `/api/verification/${carer.userId}`, carer.token));
    expect(res.json()).toMatchObject({
      emailVerified: false,
      phoneVerified: false,
      idVerified: false,
      selfieVerified: false,
      addressVerified: false,
      backgroundCheckVerified: false,
    });
  });

  it('POST /api/verification/email/send {userId}, then /email/verify {token} with the mailed token', async () => {
    ok(await send('POST /api/verification/email/send', carer.token, { userId: carer.userId }));
    const token = await mailedEmailToken(t.database.db, carer.email);
    ok(await send('POST /api/verification/email/verify', carer.token, { token }));
  });

  it('POST /api/verification/phone/send {userId}, then /phone/verify {userId, otp} with the texted code', async () => {
    ok(await send('POST /api/verification/phone/send', carer.token, { userId: carer.userId }));
    const otp = await textedOtp(t.database.db, '+18765550142');
    ok(await send('POST /api/verification/phone/verify', carer.token, { userId: carer.userId, otp }));
    const flags = ok(await call('GET', `/api/verification/${carer.userId}`, carer.token)).json();
    expect(flags).toMatchObject({ emailVerified: true, phoneVerified: true });
  });

  it.each(['id', 'selfie', 'address'])(
    'POST /api/verification/document/upload multipart {document, userId, documentType: %s}',
    async (documentType) => {
      const body = multipart(
        {
          field: 'document',
          filename: `${documentType}.jpg`,
          contentType: 'image/jpeg',
          data: await jpegPhoto(640, 480),
        },
        { userId: String(carer.userId), documentType },
      );
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/verification/document/upload',
          headers: { authorization: `Bearer ${carer.token}`, ...body.headers },
          payload: body.payload,
        }),
      );
    },
  );

  it('POST /api/auth/forgot-password {email}, then /reset-password {token, newPassword, confirmPassword} with the mailed token', async () => {
    ok(await send('POST /api/auth/forgot-password', undefined, { email: family.email }));
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, family.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = decodeURIComponent(mail?.text.match(/\/reset-password\?token=([^\s&]+)/)?.[1] ?? '');
    expect(token, 'a reset link in the mail outbox').not.toBe('');
    const newPassword = 'Negril-Sunset-Sound-77';
    ok(
      await send('POST /api/auth/reset-password', undefined, {
        token,
        newPassword,
        confirmPassword: newPassword,
      }),
    );
    const login = ok(
      await send('POST /api/auth/login', undefined, { email: family.email, password: newPassword }),
    );
    family.token = login.json().token;
  });

  it('navigation to /api/logout from the menu signs the user out', async () => {
    const login = ok(
      await send('POST /api/auth/login', undefined, { email: carer.email, password: PASSWORD }),
    );
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).not.toBe('');
    // A same-origin top-level navigation, as a click on the menu's link makes it.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers.location).toMatch(/^\/(\?|$)/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});
