import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_MESSAGES } from '../../../shared/contracts/payment-methods';
import type { SandboxProvider } from '../../adapters/payments';
import { buildApp, loggerOptions } from '../../app';
import { savedPaymentMethods } from '../../db/schema';
import { DEFAULT_PASSWORD } from '../../test/factories';
import { DB_KINDS, openTestDatabase, testEnv, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { request } from '../circles/testing';
import { sandboxCardToken, TEST_CARDS } from './testing';

type Who = { headers: Record<string, string> } | undefined;

/** The saved-card calls of one app. */
function cardsOf(app: () => FastifyInstance) {
  const token = (number: string = TEST_CARDS.success) =>
    sandboxCardToken(app().payments as SandboxProvider, number);
  return {
    token,
    list: (who: Who) => request(app(), 'GET', '/api/payment-methods', who),
    save: async (who: Who, number?: string) =>
      request(app(), 'POST', '/api/payment-methods', who, { paymentToken: token(number) }),
    remove: (who: Who, id: number) => request(app(), 'DELETE', `/api/payment-methods/${id}`, who),
    makeDefault: (who: Who, id: number) => request(app(), 'POST', `/api/payment-methods/${id}/default`, who),
  };
}

describe.each(DB_KINDS)('saved cards on %s', (kind) => {
  const t = useTestApp(kind);
  const cards = cardsOf(() => t.app);

  it('saves a card from a hosted-fields token: brand, last 4, expiry; the first is the default; never the reference', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const first = await cards.save(family);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2035,
      isDefault: true,
    });
    const second = await cards.save(family, TEST_CARDS.declined);
    expect(second.json()).toMatchObject({ last4: '0002', isDefault: false });
    const list = await cards.list(family);
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([first.json().id, second.json().id]);
    const [row] = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, first.json().id));
    expect(row.providerRef).toMatch(/^pm_sbx_/);
    for (const res of [first, second, list]) {
      expect(res.body).not.toContain('pm_sbx_');
      expect(res.body).not.toContain(row.providerRef);
      expect(res.body).not.toContain('4242424242424242');
    }
  });

  it('moves the default, and removing the default makes the oldest other card the default', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const a = (await cards.save(family)).json().id;
    const b = (await cards.save(family)).json().id;
    const c = (await cards.save(family)).json().id;
    const made = await cards.makeDefault(family, c);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: c, isDefault: true });
    expect(
      (await cards.list(family)).json().map((x: { id: number; isDefault: boolean }) => [x.id, x.isDefault]),
    ).toEqual([
      [c, true],
      [a, false],
      [b, false],
    ]);
    expect((await cards.remove(family, c)).statusCode).toBe(204);
    expect(
      (await cards.list(family)).json().map((x: { id: number; isDefault: boolean }) => [x.id, x.isDefault]),
    ).toEqual([
      [a, true],
      [b, false],
    ]);
  });

  it('refuses card data, a bad or reused token, and a sixth card', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const pan = await request(t.app, 'POST', '/api/payment-methods', family, {
      paymentToken: 'x',
      number: '4242424242424242',
    });
    expect(pan.statusCode).toBe(400);
    expect(pan.json().code).toBe('CARD_DATA_REFUSED');
    const bad = await request(t.app, 'POST', '/api/payment-methods', family, {
      paymentToken: 'tok_sbx_forged.sig',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('CARD_TOKEN_INVALID');
    expect((await request(t.app, 'POST', '/api/payment-methods', family, {})).statusCode).toBe(400);
    const token = cards.token();
    expect(
      (await request(t.app, 'POST', '/api/payment-methods', family, { paymentToken: token })).statusCode,
    ).toBe(201);
    const again = await request(t.app, 'POST', '/api/payment-methods', family, { paymentToken: token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CARD_TOKEN_USED');
    for (let i = 0; i < 4; i++) expect((await cards.save(family)).statusCode).toBe(201);
    const sixth = await cards.save(family);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(PAYMENT_METHOD_MESSAGES.tooMany);
  });

  it('deleting the account removes every saved card at once, here and at the provider', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    await cards.save(family);
    await cards.save(family);
    const stats = (t.app.payments as SandboxProvider).stats;
    const removedBefore = stats.methodsRemoved;
    const gone = await request(t.app, 'DELETE', '/api/me', family, { password: DEFAULT_PASSWORD });
    expect(gone.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, family.user.id));
    expect(rows).toEqual([]);
    expect(stats.methodsRemoved - removedBefore).toBe(2);
  });

  it('is for families only: 401 anonymous, 403 caregiver and admin, 404 another family’s card', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const other = await signedIn(t.db, { userType: 'family' });
    const caregiver = await signedInCaregiver(t.db);
    const admin = await signedIn(t.db, { userType: 'admin' });
    const id = (await cards.save(family)).json().id;
    for (const who of [undefined, caregiver, admin]) {
      const status = who ? 403 : 401;
      expect((await cards.list(who)).statusCode).toBe(status);
      expect((await cards.save(who)).statusCode).toBe(status);
      expect((await cards.remove(who, id)).statusCode).toBe(status);
      expect((await cards.makeDefault(who, id)).statusCode).toBe(status);
    }
    expect((await cards.list(other)).json()).toEqual([]);
    expect((await cards.remove(other, id)).statusCode).toBe(404);
    expect((await cards.makeDefault(other, id)).statusCode).toBe(404);
    expect((await cards.remove(other, 999_999)).statusCode).toBe(404);
    expect((await cards.remove(family, 0)).statusCode).toBe(400);
    // Still there, still the owner's default.
    expect((await cards.list(family)).json()).toMatchObject([{ id, isDefault: true }]);
  });
});

describe.each(DB_KINDS)('saved cards in the logs on %s', (kind) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    app = await buildApp({
      env: testEnv(),
      database: await openTestDatabase(kind),
      logger: { ...(loggerOptions('trace') as object), stream },
      webRenderer: null,
    });
    await app.ready();
  });
  afterAll(() => app?.close());
  const cards = cardsOf(() => app);

  it('never writes the provider reference (nor the token) to a log line or an answer', async () => {
    const family = await signedIn(app.db, { userType: 'family' });
    const saved = await cards.save(family);
    const id = saved.json().id;
    const answers = [saved, await cards.list(family), await cards.makeDefault(family, id)];
    const [row] = await app.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
    answers.push(await cards.remove(family, id));
    // A failing save logs too.
    answers.push(
      await request(app, 'POST', '/api/payment-methods', family, { paymentToken: row.providerRef }),
    );
    expect(lines.length).toBeGreaterThan(4);
    const all = lines.join('\n') + answers.map((a) => a.body).join('\n');
    expect(all).not.toContain(row.providerRef);
    expect(all).not.toContain('pm_sbx_');
    expect(all).not.toContain('tok_sbx_');
  });
});
