import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPowerTranzFake } from '../test/powertranz-fake';
import { createSandboxProvider, DECLINE_MESSAGES, type PaymentProvider, SANDBOX_CARDS } from './payments';
import { createPowerTranzProvider, hostedToken } from './powertranz';

/**
 * The provider contract (ADR 0009, 0041, 0050): what every payment provider behind /api/payments must do,
 * run against the built-in sandbox and against the PowerTranz adapter talking to the local fake gateway.
 * A card is entered the provider's way (the sandbox's hosted fields; PowerTranz's hosted page and 3DS)
 * and reaches the provider as a single-use token.
 */
type Card = 'success' | 'declined' | 'insufficient';

interface Subject {
  provider: PaymentProvider;
  /** The token the provider's hosted card entry hands our page, for a hold of `amountCents` under `key`. */
  cardToken(card: Card, amountCents: number, key: string): Promise<string>;
  /** A token for saving the card (PowerTranz: a tokenizing hosted payment). */
  saveToken(card: Card, key: string): Promise<string>;
  /** Money moved at the gateway for this hold (authorizations that held), when the subject can tell. */
  chargesOf?(providerRef: string): number;
  close(): Promise<void>;
}

const NUMBERS: Record<Card, string> = {
  success: SANDBOX_CARDS.success,
  declined: SANDBOX_CARDS.declined,
  insufficient: SANDBOX_CARDS.insufficientFunds,
};

async function sandboxSubject(): Promise<Subject> {
  const sandbox = createSandboxProvider();
  const token = (card: Card) => {
    const t = sandbox.tokenize({ number: NUMBERS[card], expMonth: 12, expYear: 2035, cvc: '123' });
    if (!t.ok) throw new Error(t.message);
    return t.token;
  };
  return {
    provider: sandbox,
    cardToken: async (card) => token(card),
    saveToken: async (card) => token(card),
    async close() {},
  };
}

async function powertranzSubject(): Promise<Subject> {
  const fake = await startPowerTranzFake();
  const provider = createPowerTranzProvider({
    id: fake.id,
    password: fake.password,
    url: fake.url,
    merchantResponseUrl: 'http://127.0.0.1:1/powertranz/response',
    timeoutMs: 2_000,
  });
  const hosted = async (card: Card, amountCents: number, key: string, mode: 'auth' | 'tokenize') => {
    const begun = await provider.beginHostedPayment({ amountCents, idempotencyKey: key, mode });
    if (begun.kind !== 'challenge') throw new Error(`no hosted page: ${begun.code}`);
    expect(begun.redirectData).toContain('<form');
    // The cardholder types the card on PowerTranz's page; the browser brings back the SpiToken.
    const answer = fake.completeHostedPage(begun.spiToken, NUMBERS[card]);
    expect(answer.IsoResponseCode).toBe('HP0');
    return hostedToken(begun.transactionIdentifier, begun.spiToken);
  };
  return {
    provider,
    cardToken: (card, amountCents, key) => hosted(card, amountCents, key, 'auth'),
    saveToken: (card, key) => hosted(card, 0, `save:${key}`, 'tokenize'),
    chargesOf: (ref) => fake.charges.get(ref) ?? 0,
    close: () => fake.close(),
  };
}

describe.each([
  ['sandbox', sandboxSubject],
  ['powertranz (local fake gateway)', powertranzSubject],
] as const)('payment provider contract: %s', (_name, make) => {
  let s: Subject;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => {
    await s.close();
  });
  const key = () => `contract:${randomUUID()}`;

  it('holds a card once per idempotency key: a retry answers the first hold and moves no money', async () => {
    const k = key();
    const token = await s.cardToken('success', 12_550, k);
    const first = await s.provider.authorize({
      amountCents: 12_550,
      method: 'card',
      token,
      idempotencyKey: k,
    });
    expect(first).toMatchObject({ ok: true, brand: 'visa', last4: '4242' });
    const again = await s.provider.authorize({
      amountCents: 12_550,
      method: 'card',
      token,
      idempotencyKey: k,
    });
    expect(again).toEqual(first);
    if (!first.ok) return;
    if (s.chargesOf) expect(s.chargesOf(first.providerRef)).toBe(1);
    const ops = (await s.provider.listOperations({})).filter((op) => op.idempotencyKey === k);
    expect(ops).toEqual([expect.objectContaining({ kind: 'authorize', ok: true, amountCents: 12_550 })]);
  });

  it('declines with the codes and texts families already see', async () => {
    for (const [card, code] of [
      ['declined', 'card_declined'],
      ['insufficient', 'insufficient_funds'],
    ] as const) {
      const k = key();
      const token = await s.cardToken(card, 5_000, k);
      const r = await s.provider.authorize({ amountCents: 5_000, method: 'card', token, idempotencyKey: k });
      expect(r).toMatchObject({ ok: false, code, message: DECLINE_MESSAGES[code] });
    }
  });

  it('refuses a token it did not issue as token_invalid', async () => {
    const r = await s.provider.authorize({
      amountCents: 5_000,
      method: 'card',
      token: 'tok_made_up.abc',
      idempotencyKey: key(),
    });
    expect(r).toMatchObject({ ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid });
  });

  it('captures part of a hold, refunds in parts, and records each operation once per key', async () => {
    const k = key();
    const token = await s.cardToken('success', 10_000, k);
    const hold = await s.provider.authorize({
      amountCents: 10_000,
      method: 'card',
      token,
      idempotencyKey: k,
    });
    if (!hold.ok) throw new Error('hold refused');
    await s.provider.capture(hold.providerRef, 7_550, `${k}:capture`);
    await s.provider.capture(hold.providerRef, 7_550, `${k}:capture`);
    await s.provider.refund(hold.providerRef, 2_500, `${k}:refund:1`);
    await s.provider.refund(hold.providerRef, 2_500, `${k}:refund:1`);
    await s.provider.refund(hold.providerRef, 5_050, `${k}:refund:2`);
    const ops = (await s.provider.listOperations({}))
      .filter((op) => op.providerRef === hold.providerRef)
      .map((op) => [op.kind, op.amountCents]);
    expect(ops).toEqual([
      ['authorize', 10_000],
      ['capture', 7_550],
      ['refund', 2_500],
      ['refund', 5_050],
    ]);
  });

  it('voids a hold', async () => {
    const k = key();
    const token = await s.cardToken('success', 3_000, k);
    const hold = await s.provider.authorize({ amountCents: 3_000, method: 'card', token, idempotencyKey: k });
    if (!hold.ok) throw new Error('hold refused');
    await s.provider.void(hold.providerRef, `${k}:void`);
    await s.provider.void(hold.providerRef, `${k}:void`);
    const kinds = (await s.provider.listOperations({}))
      .filter((op) => op.providerRef === hold.providerRef)
      .map((op) => op.kind);
    expect(kinds).toEqual(['authorize', 'void']);
  });

  it('saves a card and holds with it, nobody at the keyboard', async () => {
    const saved = await s.provider.saveMethod({ token: await s.saveToken('success', key()) });
    if (!saved.ok) throw new Error('not saved');
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    const k = key();
    const hold = await s.provider.authorize({
      amountCents: 8_000,
      method: 'card',
      savedMethodRef: saved.methodRef,
      idempotencyKey: k,
    });
    expect(hold).toMatchObject({ ok: true });
    const again = await s.provider.authorize({
      amountCents: 8_000,
      method: 'card',
      savedMethodRef: saved.methodRef,
      idempotencyKey: k,
    });
    expect(again).toEqual(hold);
    if (hold.ok && s.chargesOf) expect(s.chargesOf(hold.providerRef)).toBe(1);
  });

  it('a declined card never becomes a hold through saving it', async () => {
    const saved = await s.provider.saveMethod({ token: await s.saveToken('declined', key()) });
    if (!saved.ok) return; // refused at saving (PowerTranz authenticates the card when tokenizing)
    const hold = await s.provider.authorize({
      amountCents: 8_000,
      method: 'card',
      savedMethodRef: saved.methodRef,
      idempotencyKey: key(),
    });
    expect(hold).toMatchObject({ ok: false, code: 'card_declined' });
  });
});
