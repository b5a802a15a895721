import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { openDatabase } from './db/client';
import { DEFAULT_PASSWORD, signupPayload } from './test/factories';
import { DB_KINDS, testEnv, useTestApp } from './test/harness';

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
      database: await openDatabase({ kind: 'pglite-memory' }),
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
      database: await openDatabase({ kind: 'pglite-memory' }),
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
