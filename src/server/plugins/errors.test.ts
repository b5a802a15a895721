import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { conflict } from '../errors';
import { bearer, createUser, loginToken } from '../test/factories';
import { DB_KINDS, openTestDatabase, testEnv } from '../test/harness';
import { SESSION_COOKIE } from './auth';
import { MB, readUpload } from './uploads';

/** Every kind of failure answers `{ code, message, requestId }` (+ errors), the id the x-request-id header. */
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(body.code, res.body).toBe(code);
  expect(body.message).toEqual(expect.any(String));
  expect(body.requestId).toBe(res.headers['x-request-id']);
  expect(body.requestId).toEqual(expect.any(String));
  return body;
}

describe.each(DB_KINDS)('the one error handler on %s', (kind) => {
  let app: FastifyInstance;
  let family: string;

  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    app = await buildApp({ env: testEnv(), database, logger: false, webRenderer: null });
    app.post('/api/test-only/conflict', { config: { access: 'public' } }, async () => {
      throw conflict('That time is taken.', 'BOOKING_OVERLAP');
    });
    app.get('/api/test-only/deadlock', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    app.get('/api/test-only/crash', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail: connection string postgres://u:p@h');
    });
    app.get(
      '/api/test-only/limited',
      { config: { access: 'public', rateLimit: { max: 1, timeWindow: '1 minute' } } },
      async () => ({ ok: true }),
    );
    app.post('/api/test-only/upload', { config: { access: 'public' } }, async (req) => {
      await readUpload(req, 'file', MB);
      return { ok: true };
    });
    await app.ready();
    const f = await createUser(app.db, { userType: 'family' });
    family = await loginToken(app, f.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers an AppError with its own code, and the request id the client sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-only/conflict',
      headers: { 'x-request-id': 'support-ticket-42' },
    });
    expect(expectError(res, 409, 'BOOKING_OVERLAP')).toEqual({
      code: 'BOOKING_OVERLAP',
      message: 'That time is taken.',
      requestId: 'support-ticket-42',
    });
  });

  it('answers a schema validation failure VALIDATION_FAILED with the fields', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope' } });
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'email' })]));
  });

  it('answers a NUL character VALIDATION_FAILED naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/caregivers/search?location=King%00ston' });
    expect(expectError(res, 400, 'VALIDATION_FAILED').errors).toEqual([
      { path: 'location', message: expect.stringContaining('NUL') },
    ]);
  });

  it("answers Fastify's own refusals: malformed JSON, too large, wrong content type, no such route", async () => {
    const json = { 'content-type': 'application/json' };
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: '{"a":',
    });
    expect(expectError(malformed, 400, 'BAD_REQUEST').message).toBe('The request body is not valid JSON.');
    const large = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: JSON.stringify({ email: 'x'.repeat(2 * MB) }),
    });
    expect(expectError(large, 413, 'PAYLOAD_TOO_LARGE').message).toBe('The request body is too large.');
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(expectError(missing, 404, 'NOT_FOUND').message).toBe('No such endpoint: GET /api/no-such-thing');
  });

  it("answers the rate limiter's 429 RATE_LIMITED with Retry-After", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test-only/limited' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/test-only/limited' });
    expect(expectError(res, 429, 'RATE_LIMITED').message).toMatch(/^Too many requests\. Please wait /);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('answers multipart failures with the generic code of their status', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/test-only/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'no boundary here',
    });
    expect(expectError(broken, 400, 'BAD_REQUEST').message).toBe(
      'The upload is not valid multipart/form-data.',
    );
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/test-only/upload',
      payload: { a: 1 },
    });
    expectError(notMultipart, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('tells a missing session (UNAUTHENTICATED) from a dead one (SESSION_EXPIRED); a wrong role is FORBIDDEN', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/admin/users' });
    expect(expectError(none, 401, 'UNAUTHENTICATED').message).toBe('Please log in to continue.');
    const dead = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer('not-a-live-session'),
    });
    expect(expectError(dead, 401, 'SESSION_EXPIRED').message).toBe('Please log in to continue.');
    const family403 = await app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(family) });
    expectError(family403, 403, 'FORBIDDEN');
  });

  it('answers CSRF refusals CSRF_REFUSED', async () => {
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', ...bearer(family) },
    });
    expect(expectError(crossSite, 403, 'CSRF_REFUSED').message).toBe('Cross-site request refused.');
    const noHeader = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [SESSION_COOKIE]: family },
    });
    expectError(noHeader, 403, 'CSRF_REFUSED');
  });

  it('answers any other failure 500 INTERNAL with the generic message, never its detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/crash' });
    expect(expectError(res, 500, 'INTERNAL').message).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(res.body).not.toContain('secret detail');
  });

  it('answers a transaction the database aborted (deadlock, serialization) 503 with Retry-After, not 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-only/deadlock' });
    expect(expectError(res, 503, 'SERVICE_UNAVAILABLE').message).toBe(
      'The service was busy and nothing was saved. Please try again.',
    );
    expect(res.headers['retry-after']).toBe('1');
  });
});
