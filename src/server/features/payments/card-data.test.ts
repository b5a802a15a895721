import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../shared/contracts/payments';
import { createSandboxProvider, SANDBOX_TOKEN_TTL_MS } from '../../adapters/payments';
import { buildApp, loggerOptions } from '../../app';
import { errorBody } from '../../test/error-body';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { sandboxTokenSecret } from './provider';
import { requestedBooking, sandboxToken } from './testing';

describe.each(DB_KINDS)('payments on %s', (kind) => {
  const t = useTestApp(kind);
  /** What the hosted card fields hand the page for this card. */
  const tok = (number = '4242 4242 4242 4242') => sandboxToken(t.app, number);
  const booked = (rate?: number, duration?: number, days?: number) =>
    requestedBooking(t.app, t.db, rate, duration, days);

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
});
