import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DECLINE_MESSAGES, luhnValid, PAYMENT_MESSAGES } from '../../shared/contracts/payments';
import type { Database } from '../db/client';
import {
  type OperationRange,
  type ProviderOperation,
  recordFor,
  type StoredOperation,
} from './payments-record';
import { type SandboxCard, sandboxHostedFields, type TokenizeResult } from './sandbox-hosted-fields';

export type { OperationRange, ProviderOperation } from './payments-record';
export type { SandboxCard, TokenizeResult };

/**
 * The payment provider behind /api/payments: authorize a card (or wallet/PayPal) hold, then capture,
 * void or refund it. A real provider (Stripe, a Jamaican acquirer's hosted payment page, PayPal card
 * fields) implements the same interface (docs/decisions/0009-hosted-payment-fields.md).
 *
 * Card details never reach our servers (PCI DSS SAQ A): the family types them into the provider's
 * hosted fields, which hand our page a single-use token; our API and this interface see only that
 * token, and keep the brand and last 4 the provider reports.
 *
 * Every money call carries an idempotency key the caller derives from the intent (ADR 0041:
 * `payment:{id}:capture`, `{family}:{Idempotency-Key}` for the family's own payment…), never a random one:
 * the same key answers the first result and never moves money twice, whichever instance retries it.
 */
export type AuthorizeResult =
  | { ok: true; providerRef: string; brand: string | null; last4: string | null }
  | {
      ok: false;
      code: 'card_declined' | 'insufficient_funds' | 'paypal_failed' | 'token_invalid';
      message: string;
      brand?: string | null;
      last4?: string | null;
    };

/**
 * The start of a payment on the provider's own hosted page (PowerTranz SPI, ADR 0050, 0053): HTML the payment
 * page renders in a frame (card entry and the issuer's 3-D Secure challenge, on the provider's origin), and the
 * transaction it belongs to; or a refusal before any card was asked for.
 */
export type HostedPaymentResult =
  | { kind: 'challenge'; transactionIdentifier: string; spiToken: string; redirectData: string }
  | {
      kind: 'declined';
      code: Extract<AuthorizeResult, { ok: false }>['code'];
      message: string;
    };

/** A card saved with the provider (like Stripe's PaymentMethod from a SetupIntent): a reusable reference. */
export type SaveMethodResult =
  | { ok: true; methodRef: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { ok: false; code: 'token_invalid'; message: string };

export interface PaymentProvider {
  readonly name: string;
  /**
   * Idempotent per key: the same key answers the first result and never holds money twice. `token` is the
   * single-use token of the provider's hosted card fields (cards and wallets; PayPal needs none);
   * `savedMethodRef` instead charges a card saved with `saveMethod` (no one at the keyboard: holds of
   * series visits). The saved card declines as it would have when typed in.
   */
  authorize(input: {
    amountCents: number;
    method: 'card' | 'paypal' | 'digital';
    token?: string;
    savedMethodRef?: string;
    idempotencyKey: string;
  }): Promise<AuthorizeResult>;
  /**
   * Turns a hosted-fields single-use token into a reusable payment method. The reference is a secret of
   * ours: stored, never shown or logged. A token saves once (the same token answers the same reference).
   */
  saveMethod(input: { token: string }): Promise<SaveMethodResult>;
  /** Forgets a saved method at the provider (detach). */
  removeMethod(methodRef: string): Promise<void>;
  /**
   * Captures `amountCents` of a hold; less than the hold captures part and releases the rest (a partial
   * capture, like Stripe's amount_to_capture). Called once per hold.
   */
  capture(providerRef: string, amountCents: number, idempotencyKey: string): Promise<void>;
  void(providerRef: string, idempotencyKey: string): Promise<void>;
  /**
   * Changes the amount of a live hold without a second authorization (ADR 0034: a hold moved to a backup
   * booking): lower releases the difference, higher is an incremental authorization. false when the
   * provider cannot for this hold (the caller then releases it and asks the family to pay). Stripe:
   * `increment_authorization` (cards that support it) up; down happens at capture (amount_to_capture).
   * Optional: a provider without it never raises a hold; a lower total is captured partially later.
   */
  resizeHold?(providerRef: string, amountCents: number, idempotencyKey: string): Promise<boolean>;
  refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<void>;
  /**
   * The provider's record of money operations in [since, until) (authorizations, captures, voids, refunds,
   * resizes), for the daily reconciliation (ADR 0041). Stripe: balance transactions and charges listed by
   * created date; the sandbox: its own table.
   */
  listOperations(range: OperationRange): Promise<ProviderOperation[]>;
  /**
   * Providers whose card entry is their own hosted page rather than hosted fields (PowerTranz): starts the
   * payment for `amountCents` (the server's amount) and answers what the browser shows. The same key answers
   * the same transaction. The browser hands back a token that `authorize` completes. Absent: hosted fields.
   */
  beginHostedPayment?(input: {
    amountCents: number;
    idempotencyKey: string;
    mode?: 'auth' | 'sale' | 'tokenize';
  }): Promise<HostedPaymentResult>;
  /**
   * Other origins our pages frame for this provider (its hosted page): added to the app's CSP frame-src.
   * None for the sandbox, whose fields are on our own origin.
   */
  readonly frameOrigins?: readonly string[];
  /** Routes the provider serves itself, outside /api (hosted fields, webhooks); registered by buildApp. */
  readonly routes?: FastifyPluginAsync;
}

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The decline texts families see, on every provider (shared with the web's hosted payment page). */
export { DECLINE_MESSAGES };

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'card';
}

type Outcome = 'ok' | 'declined' | 'insufficient';
interface TokenPayload {
  /** Unique per tokenization. */
  id: string;
  b: string;
  l4: string;
  o: Outcome;
  /** Expiry, epoch ms. */
  x: number;
  /** The card's expiry month and (4-digit) year. */
  m: number;
  y: number;
}

const TOKEN_PREFIX = 'tok_sbx_';
/** A saved method: the token's card without the token's 15-minute life, signed in its own domain. */
const METHOD_PREFIX = 'pm_sbx_';
export const SANDBOX_TOKEN_TTL_MS = 15 * 60_000;

export interface SandboxOptions {
  /**
   * The HMAC key signing tokens. Give every server instance the same one (buildApp derives it from a
   * shared secret) so a token made through one instance pays through another. Default: random per process.
   */
  secret?: Buffer;
  /** The clock deciding token and card expiry (tests pass their own). */
  now?: () => Date;
  /** The clock stamping recorded operations (the app's clock; default: `now`). */
  operationsClock?: () => Date;
  /**
   * Where the sandbox keeps its record of operations (ADR 0041): the app's database (PostgreSQL through its
   * detached pool; PGlite written behind this process's memory). Without one: this process's memory only.
   */
  database?: Pick<Database, 'kind' | 'db' | 'detached'>;
}

function fullYear(value: number | string) {
  const year = Number(value);
  return year < 100 ? year + 2000 : year;
}

/** Checks a card the way the hosted fields do: Luhn, expiry, CVC, with the spec's messages. */
function checkCard(card: SandboxCard, at: Date) {
  const errors: { path: string; message: string }[] = [];
  const number = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!luhnValid(number)) errors.push({ path: 'number', message: PAYMENT_MESSAGES.cardNumber });
  const month = Number(card.expMonth);
  const year = fullYear(card.expYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year > 2100) {
    errors.push({ path: 'expiry', message: PAYMENT_MESSAGES.expiryInvalid });
  } else if (Date.UTC(year, month, 1) <= at.getTime()) {
    errors.push({ path: 'expiry', message: PAYMENT_MESSAGES.expired });
  }
  if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) errors.push({ path: 'cvc', message: PAYMENT_MESSAGES.cvc });
  return { number, errors };
}

/**
 * The built-in sandbox. Its hosted fields (GET /sandbox-pay/fields, in an iframe) post the card to its
 * own tokenization endpoint (POST /sandbox-pay/tokens), which answers an HMAC-signed single-use token
 * carrying the brand, last 4, the test card's outcome and a 15-minute expiry. `authorize` trusts only a
 * token it signed; single use is enforced by our database (payments.card_token_hash is unique).
 * 4242… succeeds, 4000…0002 is declined, 4000…9995 has insufficient funds; any other valid number succeeds.
 */
export function createSandboxProvider(options: SandboxOptions = {}) {
  const secret = options.secret ?? randomBytes(32);
  const now = options.now ?? (() => new Date());
  const record = recordFor(options.database);
  /** This instance's view of the holds it made or moved (tests read it); the record is the truth. */
  const holds = new Map<
    string,
    { amount: number; captured: number; released: number; refunded: number; voided: boolean }
  >();
  const stats = {
    authorizeCalls: 0,
    holdsCreated: 0,
    holdsResized: 0,
    tokensIssued: 0,
    methodsSaved: 0,
    methodsRemoved: 0,
  };
  /** Claims `op` under its key: true when it is new (this call did it), false when the key answered before. */
  const stamp = options.operationsClock ?? now;
  const perform = (op: Omit<StoredOperation, 'at'>) => record.claim({ ...op, at: stamp() });
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');

  function tokenize(card: SandboxCard): TokenizeResult {
    const at = now();
    const { number, errors } = checkCard(card, at);
    if (errors.length) return { ok: false, message: errors[0].message, errors };
    const payload: TokenPayload = {
      id: randomUUID(),
      b: cardBrand(number),
      l4: number.slice(-4),
      o:
        number === SANDBOX_CARDS.declined
          ? 'declined'
          : number === SANDBOX_CARDS.insufficientFunds
            ? 'insufficient'
            : 'ok',
      x: at.getTime() + SANDBOX_TOKEN_TTL_MS,
      m: Number(card.expMonth),
      y: fullYear(card.expYear),
    };
    const body = `${TOKEN_PREFIX}${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    stats.tokensIssued++;
    return {
      ok: true,
      token: `${body}.${sign(body)}`,
      brand: payload.b,
      last4: payload.l4,
      expiresAt: new Date(payload.x).toISOString(),
    };
  }

  /** The payload of a token (or saved method) with `prefix` when we signed it. */
  function verifySigned(value: string | undefined, prefix: string): TokenPayload | undefined {
    if (!value?.startsWith(prefix)) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot < 0) return undefined;
    const body = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(body.slice(prefix.length), 'base64url').toString()) as TokenPayload;
    } catch {
      return undefined;
    }
  }

  /** The token's payload when we signed it and it has not expired. */
  function verify(token: string | undefined): TokenPayload | undefined {
    const payload = verifySigned(token, TOKEN_PREFIX);
    return payload && payload.x > now().getTime() ? payload : undefined;
  }

  /** A saved method's card (the same test outcome as the token it was saved from). */
  const verifyMethod = (ref: string | undefined) => verifySigned(ref, METHOD_PREFIX);

  const provider = {
    name: 'sandbox',
    stats,
    holds,
    tokenize,
    routes: sandboxHostedFields({ tokenize }),
    async authorize({ amountCents, method, token, savedMethodRef, idempotencyKey }) {
      stats.authorizeCalls++;
      const seen = await record.ofKey(idempotencyKey);
      if (seen) return seen.outcome as AuthorizeResult;
      let result: AuthorizeResult;
      if (method === 'paypal') {
        result = { ok: true, providerRef: `sbx_${randomUUID()}`, brand: 'paypal', last4: null };
      } else {
        const card = savedMethodRef ? verifyMethod(savedMethodRef) : verify(token);
        if (!card) {
          // Not remembered under the key: the family enters the card again and retries.
          return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
        }
        const brand = { brand: card.b, last4: card.l4 };
        if (card.o === 'declined') {
          result = { ok: false, code: 'card_declined', message: DECLINE_MESSAGES.card_declined, ...brand };
        } else if (card.o === 'insufficient') {
          result = {
            ok: false,
            code: 'insufficient_funds',
            message: DECLINE_MESSAGES.insufficient_funds,
            ...brand,
          };
        } else {
          result = { ok: true, providerRef: `sbx_${randomUUID()}`, ...brand };
        }
      }
      const { fresh, first } = await perform({
        kind: 'authorize',
        providerRef: result.ok ? result.providerRef : null,
        amountCents,
        idempotencyKey,
        ok: result.ok,
        outcome: result,
      });
      if (!fresh) return first.outcome as AuthorizeResult;
      if (result.ok) {
        holds.set(result.providerRef, {
          amount: amountCents,
          captured: 0,
          released: 0,
          refunded: 0,
          voided: false,
        });
        stats.holdsCreated++;
      }
      return result;
    },
    async saveMethod({ token }) {
      const card = verify(token);
      if (!card) return { ok: false, code: 'token_invalid', message: DECLINE_MESSAGES.token_invalid };
      // The method keeps the token's id (so a token saves once: the same reference twice) and its card.
      const body = `${METHOD_PREFIX}${Buffer.from(JSON.stringify({ ...card, x: 0 })).toString('base64url')}`;
      stats.methodsSaved++;
      return {
        ok: true,
        methodRef: `${body}.${sign(body)}`,
        brand: card.b,
        last4: card.l4,
        expMonth: card.m,
        expYear: card.y,
      };
    },
    async removeMethod(_ref) {
      stats.methodsRemoved++;
    },
    async capture(ref, amountCents, idempotencyKey) {
      const { fresh } = await perform({
        kind: 'capture',
        providerRef: ref,
        amountCents,
        idempotencyKey,
        ok: true,
      });
      const h = holds.get(ref);
      if (!fresh || !h) return;
      h.captured += amountCents;
      h.released = h.amount - h.captured;
    },
    async void(ref, idempotencyKey) {
      const { fresh } = await perform({
        kind: 'void',
        providerRef: ref,
        amountCents: 0,
        idempotencyKey,
        ok: true,
      });
      const h = holds.get(ref);
      if (fresh && h) h.voided = true;
    },
    /** The sandbox can lower and raise a live hold (incremental authorization); not a captured or voided one. */
    async resizeHold(ref, amountCents, idempotencyKey) {
      const done = await record.ofRef(ref);
      const replay = done.find((op) => op.idempotencyKey === idempotencyKey);
      if (replay) return replay.ok;
      const ended = done.some((op) => op.kind === 'void' || (op.kind === 'capture' && op.amountCents > 0));
      const { fresh, first } = await perform({
        kind: 'resize',
        providerRef: ref,
        amountCents,
        idempotencyKey,
        ok: !ended,
      });
      if (!fresh) return first.ok;
      if (ended) return false;
      const h = holds.get(ref);
      if (h) h.amount = amountCents;
      stats.holdsResized++;
      return true;
    },
    async refund(ref, amountCents, idempotencyKey) {
      const { fresh } = await perform({
        kind: 'refund',
        providerRef: ref,
        amountCents,
        idempotencyKey,
        ok: true,
      });
      const h = holds.get(ref);
      if (fresh && h) h.refunded += amountCents;
    },
    async listOperations(range) {
      return (await record.list(range)).map(({ outcome: _outcome, ...op }) => op);
    },
    /** Reads the record an earlier process left (buildApp awaits it before serving). */
    load: () => record.load(),
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
