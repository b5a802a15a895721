import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, sessions, users } from '../../db/schema';
import { errorBody } from '../../test/error-body';
import { bearer, createUser, DEFAULT_PASSWORD, loginToken, signupPayload } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { FORGOT_SENT, INVALID_CREDENTIALS, INVALID_RESET } from './service';

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

  describe('sessions', () => {
    it('answers /me by bearer token and by cookie, and 401 without, with a forged or another shape of token', async () => {
      const u = await createUser(t.database.db);
      const token = await loginToken(t.app, u.email);
      const byBearer = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(byBearer.statusCode).toBe(200);
      expect(byBearer.json().id).toBe(u.id);
      const byCookie = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        cookies: { yc_session: token },
      });
      expect(byCookie.json().id).toBe(u.id);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
      // The web app's page-load check: 204 for a visitor (no console error), the user when signed in.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me?optional=1' })).statusCode).toBe(204);
      const optional = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me?optional=1',
        headers: bearer(token),
      });
      expect(optional.json().email).toBe(byBearer.json().email);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me?optional=yes' })).statusCode).toBe(400);
      // One character changed, always to another one (writing 'AA' over the end left the token as it was
      // whenever it already ended in 'AA': about one run in a thousand).
      const mid = Math.floor(token.length / 2);
      const forgedToken = `${token.slice(0, mid)}${token[mid] === 'A' ? 'B' : 'A'}${token.slice(mid + 1)}`;
      const forged = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(forgedToken) });
      expect(forged.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('null') })).statusCode,
      ).toBe(401);
    });

    it("never lets one user's token act as another user", async () => {
      const a = await createUser(t.database.db);
      const b = await createUser(t.database.db);
      const tokenA = await loginToken(t.app, a.email);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokenA) });
      expect(me.json().id).toBe(a.id);
      expect(me.json().id).not.toBe(b.id);
    });

    it('expires a session after 30 idle days', async () => {
      const u = await createUser(t.database.db);
      const token = await loginToken(t.app, u.email);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, u.id));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
    });

    it('logout revokes the token (POST) and GET /api/logout revokes, clears the cookie and redirects home', async () => {
      const u = await createUser(t.database.db);
      const t1 = await loginToken(t.app, u.email);
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(t1) });
      expect(out.statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(t1) })).statusCode,
      ).toBe(401);

      const t2 = await loginToken(t.app, u.email);
      // A navigation from our own pages (a cross-site one gets a confirm page: plugins/security.test.ts).
      const nav = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { 'sec-fetch-site': 'same-origin' },
        cookies: { yc_session: t2 },
      });
      expect(nav.statusCode).toBe(302);
      expect(nav.headers.location).toMatch(/^\/(\?|$)/);
      expect(String(nav.headers['set-cookie'])).toMatch(/yc_session=;/);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(t2) })).statusCode,
      ).toBe(401);
    });

    it('refuses cookie-authenticated writes from another site or without X-Requested-With (CSRF)', async () => {
      const u = await createUser(t.database.db);
      const token = await loginToken(t.app, u.email);
      const payload = {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Another-Long-Pass-1',
        confirmPassword: 'Another-Long-Pass-1',
      };
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        cookies: { yc_session: token },
        headers: { origin: 'https://evil.example', 'x-requested-with': 'fetch' },
        payload,
      });
      expect(crossSite.statusCode).toBe(403);
      const noHeader = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        cookies: { yc_session: token },
        payload,
      });
      expect(noHeader.statusCode).toBe(403);
      const sameSite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        cookies: { yc_session: token },
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
        payload,
      });
      expect(sameSite.statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    /** The token of the newest reset link mailed to `email`: the only place it goes, demo mode included. */
    const mailedResetToken = async (email: string) => {
      const [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      const token = mail?.text.match(/\/reset-password\?token=([\w-]+)/)?.[1];
      if (!token) throw new Error(`no reset link mailed to ${email}`);
      return token;
    };
    const reset = (token: string, pw = 'Fresh-Password-77') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: pw, confirmPassword: pw },
      });

    it('mails a single-use link; the reset signs out every session; old password fails, new one works', async () => {
      const u = await createUser(t.database.db, { email: 'reset-me@example.test' });
      const session = await loginToken(t.app, u.email);
      const res = await forgot('Reset-Me@example.test');
      expect(res.statusCode).toBe(200);
      // Demo mode (this app) too: only the message; the link goes to the mailbox, never to the requester.
      expect(res.json()).toEqual({ message: FORGOT_SENT });
      const token = await mailedResetToken(u.email);
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(res.body).not.toContain(token);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
      expect(mail.text).toContain(`/reset-password?token=${token}`);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row.resetToken).not.toBe(token);

      expect((await reset(token)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
      ).toBe(401);
      expect((await login(u.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
      expect((await login(u.email, 'Fresh-Password-77')).statusCode).toBe(200);

      const again = await reset(token, 'Yet-Another-Pass-9');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(INVALID_RESET);
    });

    it('refuses an expired token and a forged one', async () => {
      const u = await createUser(t.database.db, { email: 'expired@example.test' });
      await forgot(u.email);
      const token = await mailedResetToken(u.email);
      await t.database.db
        .update(users)
        .set({ resetTokenExpiry: new Date(Date.now() - 1000) })
        .where(eq(users.id, u.id));
      expect((await reset(token)).json().message).toBe(INVALID_RESET);
      expect((await reset('forged-token-value')).statusCode).toBe(400);
    });

    it('refuses a confirmation that does not match, and a common new password', async () => {
      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'x', newPassword: 'Fresh-Password-77', confirmPassword: 'Fresh-Password-78' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors[0]).toEqual({
        path: 'confirmPassword',
        message: "Passwords don't match",
      });
      expect((await reset('x', 'iloveyou')).statusCode).toBe(400);
    });

    it('rate-limits reset requests per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await forgot('flood@example.test')).statusCode);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[6]).toBe(429);
    });
  });

  describe('change password', () => {
    it('needs a session, the right current password, and keeps only the current session', async () => {
      const u = await createUser(t.database.db);
      const keep = await loginToken(t.app, u.email);
      const other = await loginToken(t.app, u.email);
      const payload = (current: string) => ({
        currentPassword: current,
        newPassword: 'Changed-Password-55',
        confirmPassword: 'Changed-Password-55',
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            payload: payload(DEFAULT_PASSWORD),
          })
        ).statusCode,
      ).toBe(401);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(keep),
        payload: payload('not-my-password'),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Current password is incorrect');
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(keep),
        payload: payload(DEFAULT_PASSWORD),
      });
      expect(ok.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(keep) })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode,
      ).toBe(401);
      expect((await login(u.email, 'Changed-Password-55')).statusCode).toBe(200);
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
