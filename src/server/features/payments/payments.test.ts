import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../shared/contracts/payments';
import { createSandboxProvider, SANDBOX_TOKEN_TTL_MS, type SandboxProvider } from '../../adapters/payments';
import { buildApp, loggerOptions } from '../../app';
import { ledgerEntries, payments } from '../../db/schema';
import { errorBody } from '../../test/error-body';
import { DB_KINDS, useTestApp } from '../../test/harness';
import {
  daysAhead,
  panelBody,
  requestBooking,
  shiftBooking,
  signedIn,
  signedInCaregiver,
} from '../bookings/testing';
import { ledgerRepo } from '../ledger/repo';
import { sandboxTokenSecret } from './provider';
import { sandboxToken } from './testing';

const HOUR = 3_600_000;

describe.each(DB_KINDS)('payments on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.database.db;
  /** What the hosted card fields hand the page for this card. */
  const tok = (number = '4242 4242 4242 4242') => sandboxToken(t.app, number);

  async function booked(rate = 1500, duration = 2, days = 7) {
    const family = await signedIn(db(), { userType: 'family' });
    const cg = await signedInCaregiver(db(), { hourlyRate: rate });
    const res = await requestBooking(
      t.app,
      family.headers,
      panelBody(cg.caregiver.id, daysAhead(days), '9:00 AM', duration),
    );
    expect(res.statusCode).toBe(201);
    return { family, cg, booking: res.json() as { id: number; totalCost: string } };
  }

  const pay = (
    headers: Record<string, string>,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      payload: body,
    });
  const act = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers });
  const accountOf = async (
    bookingId: number,
    account: 'caregiver_payable' | 'booking_hold' | 'platform_revenue',
  ) => {
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
    return rows
      .filter((r) => r.account === account)
      .reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  };

  it('authorizes 4242…, keeps only brand and last 4, and holds the total in the ledger', async () => {
    const { family, booking } = await booked(1500, 2);
    const res = await pay(family.headers, {
      bookingId: booking.id,
      method: 'stripe',
      paymentToken: await tok(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'authorized',
      cardBrand: 'visa',
      cardLast4: '4242',
      amount: '3150.00',
    });
    const [row] = await db().select().from(payments).where(eq(payments.id, res.json().id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('tok_sbx_'); // only the token's hash, to refuse its reuse
    expect(await accountOf(booking.id, 'booking_hold')).toBe(315000);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}`,
      headers: family.headers,
    });
    expect(view.json().payment).toMatchObject({ status: 'authorized', cardLast4: '4242' });
  });

  it('requires an Idempotency-Key, and a retry with it never charges twice (even concurrently)', async () => {
    const { family, booking } = await booked();
    const noKey = await pay(
      family.headers,
      { bookingId: booking.id, method: 'card', paymentToken: await tok() },
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(PAYMENT_MESSAGES.idempotencyKey);
    const sandbox = t.app.payments as SandboxProvider;
    const holdsBefore = sandbox.stats.holdsCreated;
    const key = randomUUID();
    const body = { bookingId: booking.id, method: 'card', paymentToken: await tok() };
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(family.headers, body, key)));
    const again = await pay(family.headers, body, key);
    for (const r of [...results, again]) {
      expect(r.statusCode).toBe(201);
      expect(r.json().id).toBe(results[0].json().id);
    }
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(sandbox.stats.holdsCreated - holdsBefore).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(await accountOf(booking.id, 'booking_hold')).toBe(315000);
    // The same key for another request is refused; a second payment for the booking too.
    const other = await booked();
    const reused = await pay(
      other.family.headers,
      { bookingId: other.booking.id, method: 'card', paymentToken: await tok() },
      key,
    );
    expect(reused.statusCode).toBe(201); // keys are per family: another family's key is theirs
    const misuse = await pay(family.headers, { bookingId: booking.id, method: 'paypal' }, key);
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json().message).toBe(PAYMENT_MESSAGES.keyReused);
    const second = await pay(family.headers, { ...body, paymentToken: await tok() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('answers 402 with the reason for declined and insufficient-funds cards; a retry answers the same', async () => {
    const { family, booking } = await booked();
    const key = randomUUID();
    const declinedToken = await tok('4000 0000 0000 0002');
    const declined = await pay(
      family.headers,
      { bookingId: booking.id, method: 'card', paymentToken: declinedToken },
      key,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
      cardLast4: '0002',
    });
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      requestId: declined.headers['x-request-id'],
    });
    const replay = await pay(
      family.headers,
      { bookingId: booking.id, method: 'card', paymentToken: declinedToken },
      key,
    );
    expect(replay.statusCode).toBe(402);
    expect(replay.json().id).toBe(declined.json().id);
    expect(replay.json().code).toBe('CARD_DECLINED');
    const poor = await pay(family.headers, {
      bookingId: booking.id,
      method: 'card',
      paymentToken: await tok('4000000000009995'),
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ message: 'Your card has insufficient funds.', cardLast4: '9995' });
    expect(poor.json().code).toBe('CARD_INSUFFICIENT_FUNDS');
    expect(await accountOf(booking.id, 'booking_hold')).toBe(0);
    // The hosted fields' checks, with the spec's messages: a wrong number, an expired card, a bad code.
    const tokenize = (card: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox-pay/tokens',
        payload: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', ...card },
      });
    const bad = await tokenize({ number: '4242 4242 4242 4241' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: PAYMENT_MESSAGES.cardNumber,
      errors: [{ path: 'number', message: PAYMENT_MESSAGES.cardNumber }],
    });
    const expired = await tokenize({ expYear: 2020 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PAYMENT_MESSAGES.expired);
    const code = await tokenize({ cvc: '12' });
    expect(code.json().message).toBe(PAYMENT_MESSAGES.cvc);
    // Without a token a card payment asks for the card.
    const none = await pay(family.headers, { bookingId: booking.id, method: 'card' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PAYMENT_MESSAGES.cardRequired);
    const ok = await pay(family.headers, {
      bookingId: booking.id,
      method: 'card',
      paymentToken: await tok(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses other families, caregivers and visitors on every payment route', async () => {
    const { family, cg, booking } = await booked();
    const stranger = await signedIn(db());
    const body = { bookingId: booking.id, method: 'card', paymentToken: await tok() };
    expect((await pay(stranger.headers, body)).statusCode).toBe(404);
    expect((await pay(cg.headers, body)).statusCode).toBe(403);
    expect((await pay({}, body)).statusCode).toBe(401);
    const mine = await pay(family.headers, body);
    const id = mine.json().id;
    for (const headers of [stranger.headers, cg.headers]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers })).statusCode).toBe(
        404,
      );
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.id}/payments`,
        headers,
      });
      expect(list.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: family.headers })).statusCode,
    ).toBe(200);
    for (const headers of [family.headers, cg.headers]) {
      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/admin/payments/awaiting-transfer',
        headers,
      });
      expect(admin.statusCode).toBe(403);
      const mark = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/received`, headers });
      expect(mark.statusCode).toBe(403);
    }
  });

  it('bank transfers wait for an admin, then are held; completion pays the caregiver', async () => {
    const { family, cg, booking } = await booked(2000, 3);
    const res = await pay(family.headers, { bookingId: booking.id, method: 'bank' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'awaiting_transfer' });
    expect(res.json().reference).toMatch(/^YC-\d+-[A-Z0-9]{5}$/);
    expect(res.json().instructions).toContain(res.json().reference);
    // Every amount names its currency: 3 h × 2,000 + 5% = J$ 6,300, in the instructions and the notice.
    expect(res.json().instructions).toContain('Send J$ 6,300 by bank transfer');
    const admin = await signedIn(db(), { userType: 'admin' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/awaiting-transfer',
      headers: admin.headers,
    });
    expect(list.json().map((p: { id: number }) => p.id)).toContain(res.json().id);
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${res.json().id}/received`,
      headers: admin.headers,
    });
    expect(mark.json().status).toBe('received');
    const notices = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: family.headers });
    const received = `We received your J$ 6,300 transfer (${res.json().reference}). Thank you!`;
    expect(notices.json().items.some((n: { body: string }) => n.body.startsWith(received))).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${res.json().id}/received`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect((await act(booking.id, 'accept', cg.headers)).statusCode).toBe(200);
    await shiftBooking(db(), booking.id, new Date(Date.now() - 4 * HOUR));
    expect((await act(booking.id, 'complete', cg.headers)).statusCode).toBe(200);
    expect(await accountOf(booking.id, 'caregiver_payable')).toBe(600000);
    expect(await accountOf(booking.id, 'platform_revenue')).toBe(30000);
    expect(await accountOf(booking.id, 'booking_hold')).toBe(0);
  });

  describe('card data stays in the provider’s hosted fields (PCI DSS SAQ A)', () => {
    /** A second server instance on the same database, with its own clock and a log kept in memory. */
    async function secondInstance(clock: () => Date) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, cb) {
          lines.push(chunk.toString());
          cb();
        },
      });
      const app = await buildApp({
        env: t.env,
        // Shares the database; closing this instance leaves it open for the others.
        database: { ...t.database, close: async () => {} },
        logger: { ...(loggerOptions('trace') as object), stream },
        payments: createSandboxProvider({ secret: sandboxTokenSecret(t.env), now: clock }),
      });
      await app.ready();
      return { app, log: () => lines.join('\n') };
    }

    it('serves the sandbox fields outside /api, framable only by our pages, script as a file', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/sandbox-pay/fields' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.body).toContain('<script src="/sandbox-pay/fields.js" defer></script>');
      expect(page.body).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>/);
      expect(page.body).toMatch(/<label for="number">Card number<\/label>/);
      const script = await t.app.inject({ method: 'GET', url: '/sandbox-pay/fields.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      // It answers only its parent on our origin, and listens only to it.
      expect(script.body).toContain('event.origin !== PARENT_ORIGIN || event.source !== window.parent');
      // The payment page may frame only our own documents; every other page refuses to be framed at all.
      const paymentPage = await t.app.inject({ method: 'GET', url: '/payment/1' });
      expect(String(paymentPage.headers['content-security-policy'])).toContain("frame-src 'self'");
      expect(String(paymentPage.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    });

    it('tokenizes only for our own pages, answering a single-use token with brand and last 4', async () => {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/sandbox-pay/tokens',
          headers,
          payload: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
        });
        expect(res.statusCode).toBe(403);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox-pay/tokens',
        headers: { origin: 'http://localhost' },
        payload: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '35', cvc: '123' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(res.json().token).toMatch(/^tok_sbx_[\w-]+\.[\w-]+$/);
      expect(res.body).not.toContain('4242424242424242');
      expect(res.body).not.toContain('123"');
      const junk = await t.app.inject({ method: 'POST', url: '/sandbox-pay/tokens', payload: [1, 2] });
      expect(junk.statusCode).toBe(400);
      // Card testing (trying numbers until one works) is slowed: 60 tries a minute per address.
      const fromOneAddress = () =>
        t.app.inject({
          method: 'POST',
          url: '/sandbox-pay/tokens',
          remoteAddress: '127.0.0.9',
          payload: { number: '4000000000000002', expMonth: 12, expYear: 2035, cvc: '123' },
        });
      const tries = [];
      for (let i = 0; i < 61; i++) tries.push((await fromOneAddress()).statusCode);
      expect(tries.slice(0, 60).every((code) => code === 201)).toBe(true);
      expect(tries[60]).toBe(429);
    });

    it('refuses card numbers and codes anywhere in a payment request with 400, and logs none of it', async () => {
      const { family, booking } = await booked();
      const second = await secondInstance(() => new Date());
      const base = { bookingId: booking.id, method: 'card' };
      const bodies = [
        { ...base, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
        { ...base, cardNumber: '4242 4242 4242 4242' },
        { ...base, paymentToken: 'tok_x', cvc: '123' },
        { ...base, paymentToken: 'tok_x', CVV: '123' },
        { ...base, paymentToken: 'tok_x', note: 'my card is 4242-4242-4242-4242 thanks' },
        { ...base, paymentToken: 'tok_x', extra: [{ deep: { pan: 'x' } }] },
        { ...base, paymentToken: 'tok_x', extra: [{ deep: [4000000000000002] }] },
        { ...base, method: 'bank', reference: '4000 0000 0000 9995' },
      ];
      for (const body of bodies) {
        const res = await second.app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: { ...family.headers, 'idempotency-key': randomUUID() },
          payload: body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual(errorBody(res, 'CARD_DATA_REFUSED', PAYMENT_MESSAGES.cardDataRefused));
      }
      // A long number that is not a card (fails Luhn) is not mistaken for one.
      const notCard = await second.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { ...family.headers, 'idempotency-key': randomUUID() },
        payload: { ...base, method: 'bank', memo: '4242424242424241' },
      });
      expect(notCard.statusCode).toBe(201);
      await second.app.close();
      const log = second.log();
      expect(log).toContain('/api/payments'); // the requests were logged…
      for (const secret of [
        '4242424242424242',
        '4242 4242 4242 4242',
        '4242-4242',
        '4000000000000002',
        '4000 0000 0000 9995',
      ]) {
        expect(log).not.toContain(secret); // …their card data was not
      }
      expect(log).not.toMatch(/"cvc"|"CVV"/);
    });

    it('a token pays once on any instance, expires after 15 minutes, and cannot be forged', async () => {
      let now = new Date();
      const second = await secondInstance(() => now);
      type Booked = Awaited<ReturnType<typeof booked>>;
      const payOn = (app: typeof t.app, { family, booking }: Booked, paymentToken: string) =>
        app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: { ...family.headers, 'idempotency-key': randomUUID() },
          payload: { bookingId: booking.id, method: 'card', paymentToken },
        });
      // Made through this instance, paid through the other (one signing key, one database).
      const a = await booked();
      const token = await tok();
      const paid = await payOn(second.app, a, token);
      expect(paid.statusCode).toBe(201);
      const b = await booked();
      const reused = await payOn(t.app, b, token);
      expect(reused.statusCode).toBe(409);
      expect(reused.json().message).toBe(PAYMENT_MESSAGES.tokenUsed);
      // A declined card's token cannot be edited into a successful one.
      const declined = await sandboxToken(second.app, '4000000000000002');
      const [body, sig] = declined.slice('tok_sbx_'.length).split('.');
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = `tok_sbx_${Buffer.from(JSON.stringify({ ...payload, o: 'ok' })).toString('base64url')}.${sig}`;
      const refused = await payOn(second.app, b, forged);
      expect(refused.statusCode).toBe(400);
      // Tokens live 15 minutes on the provider's clock.
      const late = await sandboxToken(second.app);
      now = new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS + 1000);
      const expired = await payOn(second.app, b, late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('Your card details have expired. Please enter them again.');
      const fresh = await sandboxToken(second.app);
      now = new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS - 60_000);
      const inTime = await payOn(second.app, b, fresh);
      expect(inTime.statusCode).toBe(201);
      await second.app.close();
    });
  });

  describe('money follows the cancellation policy', () => {
    async function paidConfirmed(hoursAhead: number) {
      const b = await booked(1000, 4, 10);
      expect(
        (await pay(b.family.headers, { bookingId: b.booking.id, method: 'card', paymentToken: await tok() }))
          .statusCode,
      ).toBe(201);
      expect((await act(b.booking.id, 'accept', b.cg.headers)).statusCode).toBe(200);
      await shiftBooking(db(), b.booking.id, new Date(Date.now() + hoursAhead * HOUR));
      return b;
    }
    const paymentOf = async (bookingId: number) =>
      (await db().select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

    it('a family cancelling 24 h or more ahead pays nothing', async () => {
      const b = await paidConfirmed(30);
      expect((await act(b.booking.id, 'cancel', b.family.headers)).statusCode).toBe(200);
      expect((await paymentOf(b.booking.id)).status).toBe('voided');
      expect(await accountOf(b.booking.id, 'caregiver_payable')).toBe(0);
      expect(await accountOf(b.booking.id, 'booking_hold')).toBe(0);
    });

    it('later, 50% of the subtotal goes to the caregiver and the rest is refunded', async () => {
      const b = await paidConfirmed(10);
      expect((await act(b.booking.id, 'cancel', b.family.headers)).statusCode).toBe(200);
      const p = await paymentOf(b.booking.id);
      // 1000 × 4 = 4000 subtotal, fee 200, total 4200: 2000 to the caregiver, 2200 back.
      expect(p).toMatchObject({
        status: 'partially_refunded',
        capturedAmount: '2000.00',
        refundedAmount: '2200.00',
      });
      expect(await accountOf(b.booking.id, 'caregiver_payable')).toBe(200000);
      expect(await accountOf(b.booking.id, 'booking_hold')).toBe(0);
    });

    it('a caregiver cancelling refunds the family in full; a decline voids the hold', async () => {
      const b = await paidConfirmed(5);
      expect((await act(b.booking.id, 'cancel', b.cg.headers)).statusCode).toBe(200);
      expect((await paymentOf(b.booking.id)).status).toBe('voided');
      expect(await accountOf(b.booking.id, 'caregiver_payable')).toBe(0);
      const d = await booked();
      await pay(d.family.headers, { bookingId: d.booking.id, method: 'card', paymentToken: await tok() });
      expect((await act(d.booking.id, 'decline', d.cg.headers)).statusCode).toBe(200);
      expect((await paymentOf(d.booking.id)).status).toBe('voided');
      expect(await accountOf(d.booking.id, 'booking_hold')).toBe(0);
      // A closed booking cannot be paid.
      const late = await pay(d.family.headers, {
        bookingId: d.booking.id,
        method: 'card',
        paymentToken: await tok(),
      });
      expect(late.statusCode).toBe(409);
    });

    it('completion captures the card: fee to us, subtotal to the caregiver', async () => {
      const b = await paidConfirmed(-6);
      expect((await act(b.booking.id, 'complete', b.cg.headers)).statusCode).toBe(200);
      expect((await paymentOf(b.booking.id)).status).toBe('captured');
      expect(await accountOf(b.booking.id, 'caregiver_payable')).toBe(400000);
      expect(await accountOf(b.booking.id, 'platform_revenue')).toBe(20000);
      const spending = await ledgerRepo.familySpending(db(), b.family.user.id, new Date(Date.now() - HOUR));
      expect(spending).toEqual({ total: 420000, since: 420000 });
      const earnings = await ledgerRepo.caregiverEarnings(db(), b.cg.caregiver.id);
      expect(earnings).toEqual({ available: 0, pending: 400000, paid: 0, total: 400000 });
      expect(await ledgerRepo.unbalancedTxns(db())).toEqual([]);
      expect((await ledgerRepo.totals(db())).all).toBe(0);
    });
  });
});
