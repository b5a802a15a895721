import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, sessions, users } from '../../db/schema';
import { bearer, createUser, DEFAULT_PASSWORD, loginToken, SERVER_HASH } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { FORGOT_SENT, INVALID_RESET } from './service';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  const t = useTestApp(kind);
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const storedHash = async (id: number) =>
    (await t.database.db.select({ password: users.password }).from(users).where(eq(users.id, id)))[0];

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
      expect((await storedHash(u.id)).password).toMatch(SERVER_HASH);
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
      expect((await storedHash(u.id)).password).toMatch(SERVER_HASH);
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
