import { describe, expect, it } from 'vitest';
import { bearer, createUser, DEFAULT_PASSWORD, loginToken, signupPayload } from '../test/factories';
import { DB_KINDS, useTestApp } from '../test/harness';

const CROSS_SITE_ORIGIN = 'https://evil.example';

describe.each(DB_KINDS)('headers, proxies and access on %s', (kind) => {
  const t = useTestApp(kind);

  /** The status of a GET sent with the session cookie and, when given, an Authorization header. */
  async function statusWith(url: string, cookieToken: string, authorization?: string) {
    const headers = authorization === undefined ? {} : { authorization };
    return (await t.app.inject({ method: 'GET', url, headers, cookies: { yc_session: cookieToken } }))
      .statusCode;
  }

  /** Whether a session token still signs someone in. */
  async function meStatus(token: string) {
    return (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
  }

  async function signedIn(userType: 'family' | 'caregiver' = 'family') {
    const user = await createUser(t.database.db, { userType });
    return { user, token: await loginToken(t.app, user.email) };
  }

  describe('X-Forwarded-Host without TRUST_PROXY', () => {
    it('refuses a cross-site write whose forged X-Forwarded-Host matches its Origin', async () => {
      const { token } = await signedIn();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: CROSS_SITE_ORIGIN, 'x-forwarded-host': 'evil.example', host: 'localhost:5000' },
        cookies: { yc_session: token },
      });
      expect(res.statusCode).toBe(403);
      // The session is still alive.
      expect(await meStatus(token)).toBe(200);
    });
  });

  describe('Authorization header', () => {
    it('answers 401 to a bad Bearer token on a signed-in route even with a valid session cookie', async () => {
      const { token } = await signedIn();
      for (const authorization of [
        'Bearer not-a-session',
        'Bearer null',
        'Bearer undefined',
        'Basic Zm9vOmJhcg==',
      ]) {
        expect(await statusWith('/api/notifications', token, authorization), authorization).toBe(401);
      }
      // The cookie alone still works.
      expect(await statusWith('/api/notifications', token)).toBe(200);
    });

    it("treats a bad Bearer token on a public route as a visitor, never as the cookie's user", async () => {
      const { token } = await signedIn();
      for (const bad of ['forged-token', 'null', 'undefined']) {
        expect(await statusWith('/api/auth/me?optional=1', token, `Bearer ${bad}`), bad).toBe(204);
      }
    });
  });

  describe('access before the body', () => {
    it('refuses a family editing a caregiver profile with 403 whatever the body, and a visitor with 401', async () => {
      const { token } = await signedIn('family');
      const family = await t.app.inject({
        method: 'PATCH',
        url: '/api/caregivers/me',
        headers: bearer(token),
        payload: { hourlyRate: 'lots' },
      });
      expect(family.statusCode).toBe(403);
      expect(family.json()).not.toHaveProperty('errors');
      const visitor = await t.app.inject({
        method: 'PATCH',
        url: '/api/caregivers/me',
        payload: { hourlyRate: 'lots' },
      });
      expect(visitor.statusCode).toBe(401);
    });

    it('answers a visitor 401 for an oversized or malformed body to a signed-in route, not 400 or 413', async () => {
      const bodies: [method: 'PATCH' | 'POST', url: string, contentType: string, payload: string][] = [
        ['PATCH', '/api/caregivers/me', 'application/json', `{"bio":"${'x'.repeat(2 * 1024 * 1024)}"}`],
        ['POST', '/api/bookings', 'application/json', '{"caregiverId": '],
        ['POST', '/api/bookings', 'application/xml', '<booking/>'],
      ];
      for (const [method, url, contentType, payload] of bodies) {
        const res = await t.app.inject({ method, url, headers: { 'content-type': contentType }, payload });
        expect(res.statusCode, `${url} ${contentType} ${payload.slice(0, 20)}`).toBe(401);
      }
    });
  });

  describe('GET /api/logout', () => {
    it('signs out at once on a same-origin navigation, and on one the person made (Sec-Fetch-Site none)', async () => {
      for (const site of ['same-origin', 'none']) {
        const { token } = await signedIn();
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/logout',
          headers: { 'sec-fetch-site': site },
          cookies: { yc_session: token },
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/?loggedOut=1');
        expect(await meStatus(token)).toBe(401);
      }
    });

    it('shows a confirm page to a cross-site, same-site or header-less navigation, and keeps the session', async () => {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}]) {
        const { token } = await signedIn();
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/logout',
          headers,
          cookies: { yc_session: token },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.body).toContain('<form method="post" action="/api/logout">');
        expect(await meStatus(token)).toBe(200);
      }
    });

    it("signs out when the confirm page's form is posted from our origin, and refuses it from another", async () => {
      const { token } = await signedIn();
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...form, origin: CROSS_SITE_ORIGIN, host: 'localhost:5000' },
        cookies: { yc_session: token },
        payload: '',
      });
      expect(forged.statusCode).toBe(403);
      expect(await meStatus(token)).toBe(200);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...form, origin: 'http://localhost:5000', host: 'localhost:5000' },
        cookies: { yc_session: token },
        payload: '',
      });
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe('/?loggedOut=1');
      expect(await meStatus(token)).toBe(401);
    });
  });

  describe('page headers', () => {
    it('sends a strict policy: connect-src self only, no framing, and a Permissions-Policy denying what we do not use', async () => {
      for (const url of ['/api/health', '/search', '/api/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("connect-src 'self';");
        expect(csp).not.toMatch(/wss?:/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        const pp = String(res.headers['permissions-policy']);
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial']) {
          expect(pp).toContain(`${feature}=()`);
        }
        // Issue 32: Chromium warns 'Unrecognized feature' on every page for a feature it does not know.
        expect(pp).not.toMatch(/\bbluetooth=/);
      }
      // No HSTS on plain http.
      expect(
        (await t.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security'],
      ).toBeUndefined();
    });

    it('lets the selfie step (/background-check) use the camera from our own origin, and no other page', async () => {
      const selfie = await t.app.inject({ method: 'GET', url: '/background-check' });
      expect(selfie.headers['permissions-policy']).toContain('camera=(self)');
      expect(selfie.headers['permissions-policy']).toContain('microphone=()');
      const other = await t.app.inject({ method: 'GET', url: '/profile' });
      expect(other.headers['permissions-policy']).toContain('camera=()');
    });

    it('lets the visit screen (/visits/:id) ask for the position, and no other page', async () => {
      const visit = await t.app.inject({ method: 'GET', url: '/visits/42' });
      expect(visit.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(visit.headers['permissions-policy']).toContain('camera=()');
      for (const url of ['/visits', '/visits/42/x', '/bookings/42/visit', '/background-check']) {
        const other = await t.app.inject({ method: 'GET', url });
        expect(other.headers['permissions-policy'], url).toContain('geolocation=()');
      }
    });

    it('sends the headers on refusals too', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('Cache-Control on the API', () => {
    it('marks every answer about someone no-store: me, signup, login, notifications, bookings, errors', async () => {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupPayload(),
      });
      expect(signup.statusCode).toBe(201);
      expect(signup.headers['cache-control']).toBe('no-store');
      const user = await createUser(t.database.db);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(login.headers['cache-control']).toBe('no-store');
      const token = login.json().token as string;
      for (const url of ['/api/auth/me', '/api/notifications', '/api/bookings', '/api/nothing-here']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('keeps the public caching a route asks for', async () => {
      const stats = await t.app.inject({ method: 'GET', url: '/api/stats/public' });
      expect(stats.headers['cache-control']).toBe('public, max-age=300');
    });
  });
});

describe.each(DB_KINDS)('behind https on %s', (kind) => {
  const t = useTestApp(kind, { publicUrl: 'https://www.yaadcare.jm' });

  it('sends HSTS for a year with subdomains, and a Secure session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const hsts = String(res.headers['strict-transport-security']);
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    const user = await createUser(t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'yc_session');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
  });
});

describe.each(DB_KINDS)('with TRUST_PROXY on %s', (kind) => {
  const t = useTestApp(kind, { trustProxy: true });

  it('takes the host from X-Forwarded-Host: a write from the public origin through the proxy passes the CSRF check', async () => {
    const user = await createUser(t.database.db);
    const token = await loginToken(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        origin: 'https://www.yaadcare.jm',
        'x-forwarded-host': 'www.yaadcare.jm',
        host: '10.0.0.5:5000',
      },
      cookies: { yc_session: token },
    });
    expect(res.statusCode).toBe(204);
  });
});
