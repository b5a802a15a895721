import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { errorBody } from '../../test/error-body';
import {
  bearer,
  createUser,
  DEFAULT_PASSWORD,
  loginToken,
  SERVER_HASH,
  signupPayload,
} from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { INVALID_CREDENTIALS } from './service';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  const t = useTestApp(kind);
  const signup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('signup', () => {
    it('creates a family, derives the parish from the town, and signs in with an HttpOnly cookie', async () => {
      const payload = signupPayload({ email: 'Marcia.Brown@Example.test', location: 'half way tree' });
      const res = await signup(payload);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body.user).toMatchObject({
        email: 'marcia.brown@example.test',
        userType: 'family',
        location: 'Half Way Tree',
        parish: 'St. Andrew',
        phone: '+18765550142',
        isVerified: false,
        verificationStatus: 'pending',
      });
      expect(body.user).not.toHaveProperty('password');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/yc_session=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
      expect(stored.tokenHash).not.toBe(body.token);
      expect(stored.tokenHash).toHaveLength(64);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
      expect(user.password).toMatch(SERVER_HASH);
    });

    it('refuses an email that exists in any letter case with 409', async () => {
      await signup(signupPayload({ email: 'dup@example.test' }));
      const res = await signup(signupPayload({ email: 'DUP@Example.TEST' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('An account with this email already exists.');
    });

    it('gives one account when two signups race for the same address', async () => {
      const results = await Promise.all(
        [1, 2, 3].map(() => signup(signupPayload({ email: 'race@example.test' }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it.each([
      ['an unknown town', { location: 'Atlantis' }, 'location'],
      ['a 7-character password', { password: 'Ab1!xyz' }, 'password'],
      ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
      ['a common password', { password: 'password1' }, 'password'],
      ['the admin role', { userType: 'admin' }, 'userType'],
      ['a missing first name', { firstName: '' }, 'firstName'],
      ['a bad email', { email: 'not-an-email' }, 'email'],
      ['a number as email', { email: 42 }, 'email'],
      ['a bad phone', { phone: '12' }, 'phone'],
    ])('refuses %s with 400 and the field named', async (_label, override, field) => {
      const res = await signup(signupPayload(override));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toEqual(expect.any(String));
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
    });

    it('accepts a 64-character password and ignores unknown fields (no role escalation through them)', async () => {
      const res = await signup(
        signupPayload({ password: `${'p'.repeat(60)}X9!z`, userType: 'caregiver', isVerified: true, id: 1 }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ userType: 'caregiver', isVerified: false });
      expect(res.json().user.id).not.toBe(1);
    });
  });

  describe('login', () => {
    it('signs in with the right password in any email case', async () => {
      const u = await createUser(t.database.db, { email: 'andre@example.test' });
      const res = await login('ANDRE@example.test', DEFAULT_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(u.id);
    });

    it('gives unknown email and wrong password the same 401 message', async () => {
      await createUser(t.database.db, { email: 'same401@example.test' });
      const wrong = await login('same401@example.test', 'wrong-password-1');
      const unknown = await login('nobody-here@example.test', 'wrong-password-1');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(errorBody(wrong, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS));
      expect(unknown.json()).toEqual(errorBody(unknown, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS));
    });

    it('meets a 429 before 40 wrong passwords in a row, and then refuses even the right one', async () => {
      await createUser(t.database.db, { email: 'brute@example.test' });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await login('brute@example.test', `guess-${i}-xx`)).statusCode);
      expect(statuses).toContain(429);
      expect(statuses.indexOf(429)).toBeLessThanOrEqual(10);
      const right = await login('brute@example.test', DEFAULT_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
    });

    it('refuses a suspended user with 403 once the password is right', async () => {
      await createUser(t.database.db, { email: 'susp@example.test', suspendedAt: new Date() });
      expect((await login('susp@example.test', DEFAULT_PASSWORD)).statusCode).toBe(403);
      expect((await login('susp@example.test', 'wrong-password-1')).statusCode).toBe(401);
    });

    it('validates the body: missing password, malformed JSON, wrong content type, huge body', async () => {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.jm' } }))
          .statusCode,
      ).toBe(400);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.jm", "password":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The request body is not valid JSON.');
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(415);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.jm', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      const arr = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: [1, 2] as unknown as object,
      });
      expect(arr.statusCode).toBe(400);
    });
  });
});

describe('auth outside demo mode', () => {
  const t = useTestApp('pglite', { demoMode: false });

  it('forgot-password answers the same for known and unknown addresses, with no token', async () => {
    const u = await createUser(t.database.db, { email: 'known@example.test' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'unknown@example.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).not.toHaveProperty('token');
  });

  it('hides the outbox: a visitor is refused, and even an admin finds none outside demo mode', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(401);
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const h = bearer(await loginToken(t.app, admin.email));
    for (const url of ['/api/dev/outbox', '/api/dev/sms-outbox']) {
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode).toBe(404);
    }
  });
});

describe('per-IP rate limit on login', () => {
  const t = useTestApp('pglite', { authRateLimitPerMinute: 5 });

  it('answers 429 with a message once one address passes the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `ip${i}@example.test`, password: 'whatever-pass' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many requests/);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
