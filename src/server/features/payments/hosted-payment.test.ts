import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { hostedToken } from '../../adapters/powertranz';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, openTestDatabase, testEnv, useTestApp } from '../../test/harness';
import { FAKE_CARDS, type PowerTranzFake, startPowerTranzFake } from '../../test/powertranz-fake';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join } from '../circles/testing';

/**
 * POST /api/bookings/:id/hosted-payment (ADR 0053): the start of a 3-D Secure payment on PowerTranz's hosted
 * page, for the amount the server computes; the sandbox answers that it uses its own fields.
 */

type Who = { headers: Record<string, string> } | undefined;
const DATE = '2026-07-20';

const begin = (app: FastifyInstance, who: Who, bookingId: number, key: string | null = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/hosted-payment`,
    headers: { ...(who?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

describe.each(DB_KINDS)('the hosted payment page with the sandbox on %s', (kind) => {
  const t = useTestApp(kind, {}, () => new Date('2026-07-01T15:00:00Z'));

  it('answers that the sandbox uses its own hosted fields, and says so in /api/config', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const booking = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date: DATE,
    });
    const res = await begin(t.app, family, booking.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cardEntry: 'hosted-fields' });
    // Still only its family.
    const other = await signedIn(t.db, { userType: 'family' });
    expect((await begin(t.app, other, booking.id)).statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().cardEntry).toBe('hosted-fields');
    // No gateway in the pages' policy.
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain("frame-src 'self';");
  });
});

describe.each(DB_KINDS)('the hosted payment page with PowerTranz (the fake gateway) on %s', (kind) => {
  let fake: PowerTranzFake;
  let app: FastifyInstance;
  let database: Database;
  const now = () => new Date('2026-07-01T15:00:00Z');

  beforeAll(async () => {
    fake = await startPowerTranzFake();
    database = await openTestDatabase(kind);
    app = await buildApp({
      env: testEnv({
        payments: { provider: 'powertranz', id: fake.id, password: fake.password, url: fake.url },
      }),
      database,
      logger: false,
      now,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** The hosted page completed with `card` (the fake's bank page), then POST /api/payments with what it handed back. */
  async function payWithPage(
    who: { headers: Record<string, string> },
    bookingId: number,
    started: { transactionIdentifier: string },
    card: string,
  ) {
    const spiToken = fake.txns.get(started.transactionIdentifier)?.spiToken ?? '';
    fake.completeHostedPage(spiToken, card);
    return app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...who.headers, 'idempotency-key': randomUUID() },
      payload: {
        bookingId,
        method: 'card',
        paymentToken: hostedToken(started.transactionIdentifier, spiToken),
      },
    });
  }

  async function bookingOf(familyId: number, overrides: { status?: 'pending' | 'confirmed' } = {}) {
    const cg = await signedInCaregiver(database.db, { hourlyRate: 1750 });
    const booking = await createBooking(database.db, {
      familyId,
      caregiverId: cg.caregiver.id,
      date: DATE,
      hours: 3,
      hourlyRate: 1750,
      ...overrides,
    });
    return { cg, booking };
  }

  it('starts the payment for the booking’s total (the server’s amount), with no secret in the answer', async () => {
    const family = await signedIn(database.db, { userType: 'family' });
    const { booking } = await bookingOf(family.user.id);
    const key = randomUUID();
    const res = await begin(app, family, booking.id, key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      cardEntry: 'hosted-page',
      transactionIdentifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amount: booking.totalCost,
    });
    // The SpiToken's 5 minutes.
    const left = new Date(body.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
    expect(body.redirectData).toContain(`${fake.origin}/hpp/`);
    // The gateway was asked for the booking's total, in JMD, with our merchant response URL.
    const sent = JSON.parse(fake.requests.filter((r) => r.path === '/api/spi/auth').at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({
      TransactionIdentifier: body.transactionIdentifier,
      CurrencyCode: '388',
      ThreeDSecure: true,
    });
    expect(Math.round(sent.TotalAmount * 100)).toBe(toCents(booking.totalCost));
    expect(sent.ExtendedData.MerchantResponseUrl).toMatch(/\/powertranz\/response$/);
    // Never the merchant's credentials, nor its id.
    expect(res.body).not.toContain(fake.password);
    expect(res.body).not.toContain(fake.id);
    expect(res.body.toLowerCase()).not.toContain('powertranzpassword');
    // The same key answers the same transaction; another key starts another.
    const again = await begin(app, family, booking.id, key);
    expect(again.json().transactionIdentifier).toBe(body.transactionIdentifier);
    const other = await begin(app, family, booking.id, randomUUID());
    expect(other.json().transactionIdentifier).not.toBe(body.transactionIdentifier);
  });

  it('refuses a visitor (401), a caregiver (403), another family (404), a missing key (400) and a paid booking (409)', async () => {
    const family = await signedIn(database.db, { userType: 'family' });
    const { cg, booking } = await bookingOf(family.user.id);
    const before = fake.requests.length;
    expect((await begin(app, undefined, booking.id)).statusCode).toBe(401);
    expect((await begin(app, cg, booking.id)).statusCode).toBe(403);
    const other = await signedIn(database.db, { userType: 'family' });
    const refused = await begin(app, other, booking.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('redirectData');
    expect((await begin(app, family, 99_999_999)).statusCode).toBe(404);
    const noKey = await begin(app, family, booking.id, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await begin(app, family, 0)).statusCode).toBe(400);
    // None of them reached the gateway.
    expect(fake.requests.length).toBe(before);

    // Paid through the page: the hold, then a second start is a 409.
    const started = (await begin(app, family, booking.id)).json();
    const paid = await payWithPage(family, booking.id, started, FAKE_CARDS.approved);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'authorized', amount: booking.totalCost, cardLast4: '4242' });
    const late = await begin(app, family, booking.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOOKING_ALREADY_PAID');
  });

  it('a page started for an old total is released, not held for the new one', async () => {
    const family = await signedIn(database.db, { userType: 'family' });
    const { booking } = await bookingOf(family.user.id);
    const started = (await begin(app, family, booking.id)).json();
    // The booking's total changes while the page is open (e.g. rescheduled to a longer visit).
    await database.db.update(bookings).set({ totalCost: '9999.00' }).where(eq(bookings.id, booking.id));
    const res = await payWithPage(family, booking.id, started, FAKE_CARDS.approved);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CARD_TOKEN_INVALID');
    expect(fake.txns.get(started.transactionIdentifier)?.voided).toBe(true);
    // A new page is for the new total.
    const again = (await begin(app, family, booking.id)).json();
    expect(again.amount).toBe('9999.00');
  });

  it('lets a payer of the booking’s care circle start it, not a viewer', async () => {
    const coordinator = await signedIn(database.db, { userType: 'family' });
    const circle = await createCircle(app, coordinator);
    const payer = await join(app, database.db, circle.id, coordinator, 'payer');
    const viewer = await join(app, database.db, circle.id, coordinator, 'viewer');
    const cg = await signedInCaregiver(database.db);
    const booking = await createBooking(database.db, {
      familyId: coordinator.user.id,
      caregiverId: cg.caregiver.id,
      date: DATE,
      circleId: circle.id,
    });
    const ok = await begin(app, payer, booking.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().cardEntry).toBe('hosted-page');
    expect([403, 404]).toContain((await begin(app, viewer, booking.id)).statusCode);
  });

  it('a declined card ends in the decline texts families know; the pages name the gateway in frame-src only', async () => {
    const family = await signedIn(database.db, { userType: 'family' });
    const { booking } = await bookingOf(family.user.id);
    const started = (await begin(app, family, booking.id)).json();
    const declined = await payWithPage(family, booking.id, started, FAKE_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });

    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().cardEntry).toBe('hosted-page');
    const page = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-src 'self' ${fake.origin};`);
    expect(csp).toMatch(/form-action 'self'(;|$)/);
    expect(csp).toContain("script-src 'self';");
    // The frame: its own policy (inline scripts of the RedirectData, the gateway), framed by us only.
    const frame = await app.inject({ method: 'GET', url: '/powertranz/frame' });
    expect(frame.statusCode).toBe(200);
    const frameCsp = String(frame.headers['content-security-policy']);
    expect(frameCsp).toContain("frame-ancestors 'self'");
    expect(frameCsp).toContain(`form-action 'self' ${fake.origin}`);
    expect(frameCsp).toContain(`frame-src ${fake.origin}`);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.body).toContain('src="/powertranz/frame.js"');
    const js = await app.inject({ method: 'GET', url: '/powertranz/frame.js' });
    expect(js.body).toContain('event.source !== window.parent || event.origin !== origin');
  });
});
