import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { openTestDatabase, testEnv } from '../test/harness';
import { appWithMemoryLog } from '../test/memory-log';
import { FAKE_CARDS, type PowerTranzFake, startPowerTranzFake } from '../test/powertranz-fake';
import { DECLINE_MESSAGES } from './payments';
import {
  createPowerTranzProvider,
  declineCodeOf,
  fromMajorUnits,
  gatewayJson,
  hostedToken,
  POWERTRANZ_STAGING_URL,
  type PowerTranzLog,
  toMajorUnits,
  transactionIdentifierOf,
  uuidV5,
} from './powertranz';

describe('PowerTranz amounts: integer cents ↔ JMD major units with two decimals', () => {
  it('round-trips every amount exactly, always with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const major = toMajorUnits(cents);
        expect(major).toMatch(/^\d+\.\d{2}$/);
        expect(fromMajorUnits(major)).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the gateway’s numbers back without floating error, and writes the exact literal in JSON', () => {
    expect(toMajorUnits(0)).toBe('0.00');
    expect(toMajorUnits(5)).toBe('0.05');
    expect(toMajorUnits(123_450)).toBe('1234.50');
    expect(fromMajorUnits(1234.5)).toBe(123_450);
    expect(fromMajorUnits(0.29)).toBe(29);
    expect(fromMajorUnits(1.1)).toBe(110);
    expect(fromMajorUnits('12')).toBe(1200);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(fromMajorUnits(Number(toMajorUnits(cents)))).toBe(cents);
      }),
    );
    const json = gatewayJson({
      TransactionIdentifier: 'x',
      TotalAmount: toMajorUnits(123_450),
      CurrencyCode: '388',
    });
    expect(json).toContain('"TotalAmount":1234.50');
    expect(JSON.parse(json).CurrencyCode).toBe('388');
    expect(() => toMajorUnits(10.5)).toThrow(RangeError);
    expect(() => toMajorUnits(-1)).toThrow(RangeError);
  });
});

describe('PowerTranz identifiers', () => {
  it('UUID v5 follows RFC 9562 (the DNS namespace test vector) and one key gives one TransactionIdentifier', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    const k = 'payment:42:capture';
    expect(transactionIdentifierOf(k)).toBe(transactionIdentifierOf(k));
    expect(transactionIdentifierOf(k)).not.toBe(transactionIdentifierOf('payment:43:capture'));
    expect(transactionIdentifierOf(k)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('PowerTranz response codes → our decline codes', () => {
  it('maps issuer and gateway codes to the texts families already see', () => {
    expect(declineCodeOf('51')).toBe('insufficient_funds');
    for (const code of ['05', '14', '41', '43', '54', '57', '91', '3D5', undefined]) {
      expect(declineCodeOf(code)).toBe('card_declined');
    }
    for (const code of ['SP5', 'SP1', 'HP1']) expect(declineCodeOf(code)).toBe('token_invalid');
    expect(Object.keys(DECLINE_MESSAGES)).toEqual(
      expect.arrayContaining(['card_declined', 'insufficient_funds']),
    );
  });
});

describe('PowerTranz adapter against the local fake gateway', () => {
  let fake: PowerTranzFake;
  const lines: string[] = [];
  const log: PowerTranzLog = {
    info: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })),
    warn: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })),
  };
  beforeAll(async () => {
    fake = await startPowerTranzFake();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.faults.failNext = 0;
    fake.faults.delayMs = 0;
    fake.faults.dropAfterProcessing = 0;
  });
  const make = (over: { timeoutMs?: number; retries?: number; password?: string } = {}) =>
    createPowerTranzProvider({
      id: fake.id,
      password: over.password ?? fake.password,
      url: fake.url,
      merchantResponseUrl: 'https://yaadcare.test/powertranz/response',
      timeoutMs: over.timeoutMs ?? 2_000,
      retries: over.retries,
      log,
    });
  async function hostedCard(
    provider: ReturnType<typeof make>,
    card: string,
    key: string,
    amountCents = 10_000,
  ) {
    const begun = await provider.beginHostedPayment({ amountCents, idempotencyKey: key });
    if (begun.kind !== 'challenge') throw new Error('no hosted page');
    fake.completeHostedPage(begun.spiToken, card);
    return {
      token: hostedToken(begun.transactionIdentifier, begun.spiToken),
      ref: begun.transactionIdentifier,
    };
  }

  it('sends the documented request: credentials headers, JMD 388, two-decimal amount, 3DS and our response URL', async () => {
    const provider = make();
    const key = `intent:${randomUUID()}`;
    await provider.beginHostedPayment({ amountCents: 1_234_505, idempotencyKey: key });
    const req = fake.requests.filter((r) => r.path === '/api/spi/auth').at(-1);
    expect(req?.headers['powertranz-powertranzid']).toBe(fake.id);
    expect(req?.body).toContain('"TotalAmount":12345.05');
    const body = JSON.parse(req?.body ?? '{}');
    expect(body).toMatchObject({
      TransactionIdentifier: transactionIdentifierOf(key),
      CurrencyCode: '388',
      ThreeDSecure: true,
      ExtendedData: { MerchantResponseUrl: 'https://yaadcare.test/powertranz/response' },
    });
  });

  it('a 3DS challenge: the RedirectData leads to the hosted page, the challenge, then completion with the SpiToken', async () => {
    const provider = make();
    const key = `intent:${randomUUID()}`;
    const begun = await provider.beginHostedPayment({ amountCents: 9_900, idempotencyKey: key });
    if (begun.kind !== 'challenge') throw new Error('no challenge');
    // The RedirectData posts the browser to the hosted page; a challenge card meets the issuer's form.
    const action = /action="([^"]+)"/.exec(begun.redirectData)?.[1] ?? '';
    const page = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ card: FAKE_CARDS.challenge }),
    });
    const challenge = await page.text();
    expect(challenge).toContain('verify');
    const acs = /action="([^"]+)"/.exec(challenge)?.[1] ?? '';
    const back = await (
      await fetch(`${fake.origin}${acs}`, { method: 'POST', body: new URLSearchParams({ answer: 'pass' }) })
    ).text();
    // The browser posts PowerTranz's answer (with the SpiToken) to our merchant response URL.
    expect(back).toContain('action="https://yaadcare.test/powertranz/response"');
    expect(back).toContain('HP0');
    const hold = await provider.authorize({
      amountCents: 9_900,
      method: 'card',
      token: hostedToken(begun.transactionIdentifier, begun.spiToken),
      idempotencyKey: key,
    });
    expect(hold).toMatchObject({ ok: true, providerRef: begun.transactionIdentifier });
    // A failed challenge declines.
    const k2 = `intent:${randomUUID()}`;
    const b2 = await provider.beginHostedPayment({ amountCents: 9_900, idempotencyKey: k2 });
    if (b2.kind !== 'challenge') throw new Error('no challenge');
    fake.completeHostedPage(b2.spiToken, FAKE_CARDS.challenge, 'wrong');
    const refused = await provider.authorize({
      amountCents: 9_900,
      method: 'card',
      token: hostedToken(b2.transactionIdentifier, b2.spiToken),
      idempotencyKey: k2,
    });
    expect(refused).toMatchObject({ ok: false, code: 'card_declined' });
  });

  it('retries never double-charge: a lost answer and gateway errors are retried with the same identifiers', async () => {
    const provider = make();
    const key = `intent:${randomUUID()}`;
    const { token, ref } = await hostedCard(provider, FAKE_CARDS.approved, key);
    fake.faults.dropAfterProcessing = 1; // the gateway charged, the answer never arrived
    const hold = await provider.authorize({
      amountCents: 10_000,
      method: 'card',
      token,
      idempotencyKey: key,
    });
    expect(hold).toMatchObject({ ok: true, providerRef: ref });
    expect(fake.charges.get(ref)).toBe(1);
    expect(provider.stats.retries).toBeGreaterThanOrEqual(1);
    // A saved card's hold through two 503s: one charge.
    const save = await provider.beginHostedPayment({
      amountCents: 0,
      idempotencyKey: `save:${key}`,
      mode: 'tokenize',
    });
    if (save.kind !== 'challenge') throw new Error('no page');
    fake.completeHostedPage(save.spiToken, FAKE_CARDS.approved);
    const saved = await provider.saveMethod({
      token: hostedToken(save.transactionIdentifier, save.spiToken),
    });
    if (!saved.ok) throw new Error('not saved');
    const k2 = `renewal:${randomUUID()}`;
    fake.faults.failNext = 2;
    const renewal = await provider.authorize({
      amountCents: 4_500,
      method: 'card',
      savedMethodRef: saved.methodRef,
      idempotencyKey: k2,
    });
    expect(renewal).toMatchObject({ ok: true, providerRef: transactionIdentifierOf(k2) });
    expect(fake.charges.get(transactionIdentifierOf(k2))).toBe(1);
    // Another instance (no memory of ours) retrying the same intent: the gateway answers the first result.
    const other = make();
    const replay = await other.authorize({
      amountCents: 4_500,
      method: 'card',
      savedMethodRef: saved.methodRef,
      idempotencyKey: k2,
    });
    expect(replay).toEqual(renewal);
    expect(fake.charges.get(transactionIdentifierOf(k2))).toBe(1);
  });

  it('times out a slow gateway with a 502 the caller can retry; the retry holds once', async () => {
    const provider = make({ timeoutMs: 100, retries: 1 });
    const key = `intent:${randomUUID()}`;
    const { token, ref } = await hostedCard(provider, FAKE_CARDS.approved, key);
    fake.faults.delayMs = 400;
    await expect(
      provider.authorize({ amountCents: 10_000, method: 'card', token, idempotencyKey: key }),
    ).rejects.toMatchObject({ statusCode: 502, code: 'UPSTREAM_FAILED' });
    fake.faults.delayMs = 0;
    const hold = await provider.authorize({
      amountCents: 10_000,
      method: 'card',
      token,
      idempotencyKey: key,
    });
    expect(hold).toMatchObject({ ok: true, providerRef: ref });
    expect(fake.charges.get(ref)).toBe(1);
  });

  it('enforces the money rules: no capture above the hold or twice, no refund above the capture; a refund is not retried', async () => {
    const provider = make();
    const key = `intent:${randomUUID()}`;
    const { token } = await hostedCard(provider, FAKE_CARDS.approved, key, 5_000);
    const hold = await provider.authorize({ amountCents: 5_000, method: 'card', token, idempotencyKey: key });
    if (!hold.ok) throw new Error('refused');
    await expect(provider.capture(hold.providerRef, 5_001, `${key}:c0`)).rejects.toMatchObject({
      statusCode: 502,
    });
    await provider.capture(hold.providerRef, 4_000, `${key}:c1`);
    await expect(provider.capture(hold.providerRef, 1_000, `${key}:c2`)).rejects.toMatchObject({
      statusCode: 502,
    });
    await expect(provider.refund(hold.providerRef, 4_001, `${key}:r0`)).rejects.toMatchObject({
      statusCode: 502,
    });
    const before = fake.requests.filter((r) => r.path === '/api/refund').length;
    fake.faults.failNext = 1;
    await expect(provider.refund(hold.providerRef, 1_000, `${key}:r1`)).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(fake.requests.filter((r) => r.path === '/api/refund').length).toBe(before + 1);
    await provider.refund(hold.providerRef, 1_000, `${key}:r1`);
    expect(fake.txns.get(hold.providerRef)).toMatchObject({ captured: 4_000, refunded: 1_000 });
    // Lookup for reconciliation.
    expect(await provider.lookup(hold.providerRef)).toMatchObject({
      TransactionIdentifier: hold.providerRef,
    });
  });

  it('wrong credentials are our failure (502), never the family’s card; the password never reaches a log or an error', async () => {
    const provider = make({ password: 'not-the-password-123' });
    const err = await provider
      .beginHostedPayment({ amountCents: 1_000, idempotencyKey: `intent:${randomUUID()}` })
      .catch((e: Error) => e);
    expect(err).toMatchObject({ statusCode: 502 });
    expect(String((err as Error).message)).not.toContain('not-the-password-123');
    const all = lines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(fake.password);
    expect(all).not.toContain('not-the-password-123');
    expect(all).not.toContain('PowerTranzPassword');
  });
});

describe('PAYMENTS_PROVIDER configuration', () => {
  it('defaults to the sandbox; powertranz needs its id and password, and names what is missing', () => {
    expect(loadEnv({}).payments).toEqual({ provider: 'sandbox' });
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'powertranz' })).toThrow(
      /POWERTRANZ_ID: required when PAYMENTS_PROVIDER=powertranz; POWERTRANZ_PASSWORD: required/,
    );
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
    const env = loadEnv({
      PAYMENTS_PROVIDER: 'powertranz',
      POWERTRANZ_ID: '88801234',
      POWERTRANZ_PASSWORD: 'secret-pw-1',
    });
    expect(env.payments).toEqual({
      provider: 'powertranz',
      id: '88801234',
      password: 'secret-pw-1',
      url: POWERTRANZ_STAGING_URL,
      hostedPage: undefined,
    });
  });

  it('the composition root picks PowerTranz when configured; its password never appears in the app’s log', async () => {
    const fake = await startPowerTranzFake();
    try {
      const { app, log } = await appWithMemoryLog('pglite', {
        payments: { provider: 'powertranz', id: fake.id, password: fake.password, url: fake.url },
      });
      try {
        expect(app.payments.name).toBe('powertranz');
        const r = await app.payments.authorize({
          amountCents: 1_000,
          method: 'card',
          token: 'ptz_00000000-0000-5000-8000-000000000000.notatoken12',
          idempotencyKey: `intent:${randomUUID()}`,
        });
        expect(r).toMatchObject({ ok: false, code: 'token_invalid' });
        expect(log()).toContain('payment gateway answered');
        expect(log()).not.toContain(fake.password);
      } finally {
        await app.close(); // closes its database too
      }
    } finally {
      await fake.close();
    }
  });

  it('npm start and the tests keep the sandbox', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ env: testEnv(), database, logger: false });
    try {
      expect(app.payments.name).toBe('sandbox');
    } finally {
      await app.close(); // closes its database too
    }
  });
});

describe('the merchant response URL (/powertranz/response)', () => {
  it('turns the gateway’s answer posted by the iframe into the single-use token our page pays with', async () => {
    const fake = await startPowerTranzFake();
    const provider = createPowerTranzProvider({
      id: fake.id,
      password: fake.password,
      url: fake.url,
      merchantResponseUrl: 'http://localhost:5000/powertranz/response',
    });
    const app = await buildApp({
      env: testEnv(),
      database: await openTestDatabase('pglite'),
      logger: false,
      payments: provider,
    });
    try {
      const key = `intent:${randomUUID()}`;
      const begun = await provider.beginHostedPayment({ amountCents: 2_000, idempotencyKey: key });
      if (begun.kind !== 'challenge') throw new Error('no page');
      const answer = fake.completeHostedPage(begun.spiToken, FAKE_CARDS.approved);
      // A cross-site form post from the gateway's page, without a session.
      const res = await app.inject({
        method: 'POST',
        url: '/powertranz/response',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: fake.origin },
        payload: new URLSearchParams({ Response: JSON.stringify(answer) }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['cache-control']).toBe('no-store');
      const token = /data-token="([^"]*)"/.exec(res.body)?.[1] ?? '';
      expect(token).toBe(hostedToken(begun.transactionIdentifier, begun.spiToken));
      expect(res.body).toContain('src="/powertranz/response.js"');
      const hold = await app.payments.authorize({
        amountCents: 2_000,
        method: 'card',
        token,
        idempotencyKey: key,
      });
      expect(hold).toMatchObject({ ok: true, providerRef: begun.transactionIdentifier });
      const js = await app.inject({ method: 'GET', url: '/powertranz/response.js' });
      expect(js.statusCode).toBe(200);
      expect(js.body).toContain("source: 'yc-powertranz'");
      // A failed authentication gives no token; unreadable answers are a 400, never a 500.
      const failed = await app.inject({
        method: 'POST',
        url: '/powertranz/response',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          Response: JSON.stringify({ ...answer, IsoResponseCode: '3D5' }),
        }).toString(),
      });
      expect(failed.statusCode).toBe(200);
      expect(failed.body).toContain('data-ok="false" data-token=""');
      for (const payload of [
        '',
        'Response=not-json',
        `Response=${encodeURIComponent('{"SpiToken":"<script>"}')}`,
      ]) {
        const bad = await app.inject({
          method: 'POST',
          url: '/powertranz/response',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        });
        expect(bad.statusCode, payload).toBe(400);
      }
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
