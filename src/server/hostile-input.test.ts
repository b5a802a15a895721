import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { errorBody } from './test/error-body';
import { bearer, createCaregiver, createUser, loginToken } from './test/factories';
import { DB_KINDS, openTestDatabase, testEnv } from './test/harness';
import { jpegPhoto, multipart } from './test/uploads';

/**
 * Issue 14 §3: hostile input is a 4xx, never a 5xx. Each case below answered 500 (or, for booleans, was
 * quietly read as the id 1) before the shared contracts, the NUL guard and the error handler's backstop.
 */
describe.each(DB_KINDS)('hostile input (%s)', (kind) => {
  let app: FastifyInstance;
  let family: string;
  let caregiver: string;
  let admin: string;
  let caregiverUserId: number;
  let caregiverProfileId: number;

  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    app = await buildApp({ env: testEnv(), database, logger: false, webRenderer: null });
    // A handler that sends whatever it is given to the database: the backstop for values a contract let by.
    app.post('/api/test-only/echo-date', { config: { access: 'public' } }, async (req) => {
      const { value, type } = req.body as { value: string; type: string };
      // A NUL made on the server: the guard only sees what the client sent.
      if (type === 'nul') await app.db.execute(sql`select ${'a\u0000b'}::text as v`);
      const cast =
        type === 'date'
          ? sql`select ${value}::date as v`
          : type === 'int'
            ? sql`select ${value}::int as v`
            : sql`select ${value}::text as v`;
      await app.db.execute(cast);
      return { ok: true };
    });
    await app.ready();
    const f = await createUser(app.db, { userType: 'family' });
    const c = await createCaregiver(app.db);
    const a = await createUser(app.db, { userType: 'admin' });
    caregiverUserId = c.user.id;
    caregiverProfileId = c.caregiver.id;
    family = await loginToken(app, f.email);
    caregiver = await loginToken(app, c.user.email);
    admin = await loginToken(app, a.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('a NUL character in any text is a 400 naming the field', () => {
    it('in a query string, without a session: GET /api/caregivers/search?location=%00', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/caregivers/search?location=King%00ston' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'location', message: expect.stringContaining('NUL') }]);
    });

    it('in a JSON body, without a session: a support ticket', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        payload: {
          name: 'Marcia Brown',
          email: 'marcia@example.test',
          category: 'bookings',
          subject: 'Help\u0000please',
          message: 'My booking did not show up on the dashboard.',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'subject', message: expect.stringContaining('NUL') }]);
    });

    it('deep inside a body, and in a key: PATCH /api/verification/details', async () => {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/verification/details',
        headers: bearer(caregiver),
        payload: {
          references: [{ name: 'A', relationship: 'B', phone: '876-555-0100' }, { 'na\u0000me': 'x' }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('references.1');
    });

    it('in a path parameter and in a message', async () => {
      const path = await app.inject({ method: 'GET', url: '/api/caregivers/%00', headers: bearer(family) });
      expect(path.statusCode).toBe(400);
      const msg = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(family),
        payload: { receiverId: caregiverUserId, content: 'hi\u0000' },
      });
      expect(msg.statusCode).toBe(400);
      expect(msg.json().errors).toEqual([{ path: 'content', message: expect.stringContaining('NUL') }]);
    });

    it('in an upload form field', async () => {
      const body = multipart(
        {
          field: 'document',
          filename: 'id\u0000.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n'),
        },
        { type: 'id\u0000' },
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/verification/document/upload',
        headers: { ...bearer(caregiver), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('ids outside 1..2147483647 are a 400, not an int4 overflow', () => {
    const big = '2147483648';
    it.each([
      ['GET', `/api/caregivers/${big}`],
      ['GET', `/api/caregivers/user/${big}`],
      ['GET', `/api/bookings/${big}`],
      ['GET', `/api/booking-series/${big}`],
      ['POST', `/api/booking-series/${big}/cancel-rest`],
      ['GET', `/api/conversations/${big}/messages`],
      ['POST', `/api/users/${big}/block`],
      ['GET', `/api/verification/${big}`],
      ['POST', `/api/admin/support/tickets/${big}/close`],
      ['GET', `/api/conversations/1/messages?before=${big}`],
    ])('%s %s', async (method, url) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(url.includes('/admin/') || url.startsWith('/api/verification/') ? admin : family),
      });
      expect(res.statusCode).toBe(400);
    });

    it('in a JSON body: receiverId, bookingId, upToId', async () => {
      const cases = [
        ['/api/messages', { receiverId: 2147483648, content: 'hello' }],
        ['/api/payments', { bookingId: 2147483648, method: 'cash' }],
        [
          '/api/booking-series',
          {
            caregiverId: 2147483648,
            weekdays: [1],
            startTime: '08:00',
            hours: 2,
            startDate: '2027-03-01',
            visits: 1,
          },
        ],
        [`/api/conversations/${caregiverUserId}/read`, { upToId: 2147483648 }],
      ] as const;
      for (const [url, payload] of cases) {
        const res = await app.inject({ method: 'POST', url, headers: bearer(family), payload });
        expect(res.statusCode, url).toBe(400);
      }
    });
  });

  it('a boolean (or null, or an array) is never read as an id', async () => {
    for (const receiverId of [true, false, null, [caregiverUserId], { id: caregiverUserId }, '1.0', 1.5]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(family),
        payload: { receiverId, content: 'hello' },
      });
      expect(res.statusCode, JSON.stringify(receiverId)).toBe(400);
      expect(res.json().errors[0].path).toBe('receiverId');
    }
    const asString = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(family),
      payload: { receiverId: String(caregiverUserId), content: 'a digit string still works' },
    });
    expect(asString.statusCode).toBe(201);
  });

  it('a boolean is never read as a number of hours either', async () => {
    for (const [field, value] of [
      ['duration', true],
      ['totalHours', false],
      ['duration', ''],
      ['duration', [2]],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: bearer(family),
        payload: {
          caregiverId: caregiverProfileId,
          date: '2027-03-10',
          startTime: '9:00 AM',
          [field]: value,
        },
      });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
  });

  it('an impossible calendar date in verification details is a 400', async () => {
    for (const policeRecordIssuedAt of ['2026-02-30', '0000-00-00', '2026-13-01', '2025-02-29']) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/verification/details',
        headers: bearer(caregiver),
        payload: { policeRecordIssuedAt },
      });
      expect(res.statusCode, policeRecordIssuedAt).toBe(400);
      expect(res.json().errors[0].path).toBe('policeRecordIssuedAt');
    }
    const real = await app.inject({
      method: 'PATCH',
      url: '/api/verification/details',
      headers: bearer(caregiver),
      payload: { policeRecordIssuedAt: '2024-02-29' },
    });
    expect(real.statusCode).toBe(200);
  });

  describe('malformed multipart is a 400 (or 413), not a 500', () => {
    const upload = (headers: Record<string, string>, payload: Buffer | string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/photo',
        headers: { ...bearer(caregiver), ...headers },
        payload,
      });

    it('no boundary', async () => {
      const res = await upload({ 'content-type': 'multipart/form-data' }, 'hello');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/multipart/i);
    });

    it('a truncated body', async () => {
      const body = multipart({
        field: 'photo',
        filename: 'me.jpg',
        contentType: 'image/jpeg',
        data: await jpegPhoto(64, 64),
      });
      const res = await upload(body.headers, body.payload.subarray(0, body.payload.length - 40));
      expect(res.statusCode).toBe(400);
    });

    it('garbage after a valid boundary', async () => {
      const res = await upload(
        { 'content-type': 'multipart/form-data; boundary=xyz' },
        '--xyz\r\nContent-Disposition: form-data\r\n\r\n\u0000\u0000--',
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('too many parts is a 413', async () => {
      const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
      const body = multipart(null, fields);
      const res = await upload(body.headers, body.payload);
      expect(res.statusCode).toBe(413);
    });
  });

  describe('the error handler maps any database data error (SQLSTATE class 22) to a 400', () => {
    it.each([
      ['an impossible date (22008)', { type: 'date', value: '2026-02-30' }],
      ['not a number (22P02)', { type: 'int', value: 'abc' }],
      ['out of the integer range (22003)', { type: 'int', value: '2147483648' }],
      ['a NUL character (22021)', { type: 'nul', value: '' }],
    ])('%s', async (_name, body) => {
      const res = await app.inject({ method: 'POST', url: '/api/test-only/echo-date', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody(res, 'BAD_REQUEST', expect.stringMatching(/not valid/i)));
    });
  });

  it('the server still answers after all of that', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(family) });
    expect(me.statusCode).toBe(200);
  });
});
