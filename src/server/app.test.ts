import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { mailOutbox, smsOutbox } from './db/schema';
import { errorBody } from './test/error-body';
import { bearer, createUser, DEFAULT_PASSWORD, loginToken, signupPayload } from './test/factories';
import { DB_KINDS, openTestDatabase, testEnv, useTestApp } from './test/harness';
import { appWithMemoryLog } from './test/memory-log';

describe.each(DB_KINDS)('the app on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/caregivers/zzz/whatever', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me' })).statusCode).toBe(404);
  });

  it('reports health only while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('publishes an OpenAPI 3 document generated from the route schemas, and the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/reset-password',
      ]),
    );
    const signupBody = doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signupBody.properties).toHaveProperty('location');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sends security headers on every response and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('never answers 500 for odd input: wrong types, nested junk, prototype pollution', async () => {
    const bodies = [
      { email: { $gt: '' }, password: ['x'] },
      { __proto__: { admin: true }, email: 'a@b.jm', password: 'x' },
      { email: 'a@b.jm', password: null },
      'just a string',
      12,
      null,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const pollution = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "email": "a@b.jm", "password": "x"}',
    });
    expect(pollution.statusCode).toBe(400);
  });
});

describe('serving the web app', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'yc-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><title>YaadCare</title><div id="root"></div></html>',
    );
    app = await buildApp({
      env: testEnv(),
      database: await openTestDatabase('pglite'),
      logger: false,
      webDistDir: dist,
      // The shell as it is without server rendering (web-ssr.test.ts covers rendered pages).
      webRenderer: null,
    });
  });
  afterAll(() => app.close());

  it('answers client-side routes with the HTML (200), other paths with the HTML and 404', async () => {
    for (const url of ['/', '/login', '/caregiver/12', '/reset-password?token=abc', '/chat/3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    }
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });
});

describe('logs', () => {
  it('carry a request id and never a password, token or session cookie', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const env = testEnv();
    const app = await buildApp({
      env,
      database: await openTestDatabase('pglite'),
      logger: { ...(loggerOptions('info') as object), stream },
    });
    const payload = signupPayload({ password: 'Secret-Sauce-Password-9' });
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    const token = signup.json().token as string;
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: DEFAULT_PASSWORD },
    });
    await app.close();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(all).toMatch(/"reqId"/);
    expect(all).not.toContain('Secret-Sauce-Password-9');
    expect(all).not.toContain(DEFAULT_PASSWORD);
    expect(all).not.toContain(token);
  });
});

describe.each(DB_KINDS)('logs on %s', (kind) => {
  it('a database failure during signup logs the SQL, never its parameters: no hash, password, e-mail or phone', {
    timeout: 120_000,
  }, async () => {
    const { app, database, log } = await appWithMemoryLog(kind);
    try {
      // Every insert into users fails, as a full disk or a broken constraint would.
      await database.db.execute(
        sql.raw(`create function yc_test_refuse() returns trigger language plpgsql as $$
          begin raise exception 'forced failure'; end $$`),
      );
      await database.db.execute(
        sql.raw(
          'create trigger yc_test_refuse before insert on users for each row execute function yc_test_refuse()',
        ),
      );
      const payload = signupPayload({
        email: 'leak-check@example.test',
        phone: '876-555-0199',
        password: 'Secret-Sauce-Password-9',
        firstName: 'Shanique',
      });
      const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(
        errorBody(res, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
      );
      const all = log();
      expect(all).toContain('Failed query: insert into \\"users\\"');
      expect(all).toContain('forced failure');
      expect(all).not.toContain('$argon2');
      expect(all).not.toContain('Secret-Sauce-Password-9');
      expect(all).not.toContain('leak-check@example.test');
      expect(all).not.toContain('5550199');
      expect(all).not.toContain('Shanique');
    } finally {
      await app.close();
    }
  });

  it('demo mode prints the outbox (mail with its link, SMS with its code) to the log', {
    timeout: 120_000,
  }, async () => {
    const { app, database, log } = await appWithMemoryLog(kind, { demoMode: true });
    try {
      const u = await createUser(database.db, { userType: 'caregiver', email: 'echo@example.test' });
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
      const [mail] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, u.email))
        .orderBy(desc(mailOutbox.id));
      const link = mail.text.match(/http\S+reset-password\?token=[\w-]+/)![0];
      const h = bearer(await loginToken(app, u.email));
      await app.inject({
        method: 'POST',
        url: '/api/verification/phone/send',
        headers: h,
        payload: { phone: '876-555-0168' },
      });
      const [sms] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+18765550168'));
      const all = log();
      expect(all).toContain('demo outbox: mail to echo@example.test: Reset your YaadCare password');
      expect(all).toContain(link);
      expect(all).toContain(`demo outbox: SMS to +18765550168: ${sms.body}`);
    } finally {
      await app.close();
    }
  });

  it('outside demo mode never prints a mail body or a code', { timeout: 120_000 }, async () => {
    const { app, database, log } = await appWithMemoryLog(kind, { demoMode: false });
    try {
      const u = await createUser(database.db, { userType: 'caregiver', email: 'quiet@example.test' });
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
      const h = bearer(await loginToken(app, u.email));
      await app.inject({
        method: 'POST',
        url: '/api/verification/phone/send',
        headers: h,
        payload: { phone: '876-555-0169' },
      });
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
      const [sms] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+18765550169'));
      const token = mail.text.match(/token=([\w-]+)/)![1];
      const code = sms.body.match(/\d{6}/)![0];
      const all = log();
      expect(all).not.toContain('demo outbox');
      expect(all).not.toContain(token);
      expect(all).not.toContain(code);
    } finally {
      await app.close();
    }
  });

  it('mask secret fields wherever a log line carries them', { timeout: 120_000 }, async () => {
    const { app, log } = await appWithMemoryLog(kind);
    try {
      app.log.info(
        {
          password: 'top-pw-1',
          user: { passwordHash: '$argon2id$v=19$abc', phone: '+18765550123' },
          payment: { details: { cardNumber: '4242424242424242', cvc: '987' } },
          call: { headers: { authorization: 'Bearer abcdef', cookie: 'yc_session=zzz' } },
          reply: { headers: { 'set-cookie': 'yc_session=yyy' } },
          reset: { token: 'reset-tok-1', otp: '123456' },
        },
        'a careless log line',
      );
      const all = log();
      expect(all).toContain('a careless log line');
      for (const secret of [
        'top-pw-1',
        '$argon2',
        '5550123',
        '4242424242424242',
        '987',
        'abcdef',
        'zzz',
        'yyy',
        'reset-tok-1',
        '123456',
      ]) {
        expect(all, secret).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
