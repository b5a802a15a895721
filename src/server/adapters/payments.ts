import { randomUUID } from 'node:crypto';

/**
 * The payment provider behind /api/payments: authorize a card (or wallet/PayPal) hold, then capture,
 * void or refund it. A real provider (Stripe, a Jamaican acquirer) implements the same interface.
 * Card details go to the provider and nowhere else: callers keep only the brand and last 4.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type AuthorizeResult =
  | { ok: true; providerRef: string; brand: string | null; last4: string | null }
  | { ok: false; code: 'card_declined' | 'insufficient_funds' | 'paypal_failed'; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Idempotent per key: the same key answers the first result and never holds money twice. */
  authorize(input: {
    amountCents: number;
    method: 'card' | 'paypal' | 'digital';
    card?: CardDetails;
    idempotencyKey: string;
  }): Promise<AuthorizeResult>;
  capture(providerRef: string, amountCents: number): Promise<void>;
  void(providerRef: string): Promise<void>;
  refund(providerRef: string, amountCents: number): Promise<void>;
}

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  paypal_failed: 'PayPal payment failed. Please try again.',
} as const;

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'card';
}

/** The built-in sandbox: the test cards above decide the outcome; any other valid number succeeds. */
export function createSandboxProvider() {
  const byKey = new Map<string, AuthorizeResult>();
  const holds = new Map<string, { amount: number; captured: number; refunded: number; voided: boolean }>();
  const stats = { authorizeCalls: 0, holdsCreated: 0 };
  const provider: PaymentProvider & { stats: typeof stats; holds: typeof holds } = {
    name: 'sandbox',
    stats,
    holds,
    async authorize({ amountCents, method, card, idempotencyKey }) {
      stats.authorizeCalls++;
      const seen = byKey.get(idempotencyKey);
      if (seen) return seen;
      let result: AuthorizeResult;
      if (method === 'paypal') {
        result = { ok: true, providerRef: `sbx_${randomUUID()}`, brand: 'paypal', last4: null };
      } else {
        const number = card?.number ?? '';
        if (number === SANDBOX_CARDS.declined) {
          result = { ok: false, code: 'card_declined', message: DECLINE_MESSAGES.card_declined };
        } else if (number === SANDBOX_CARDS.insufficientFunds) {
          result = { ok: false, code: 'insufficient_funds', message: DECLINE_MESSAGES.insufficient_funds };
        } else {
          result = {
            ok: true,
            providerRef: `sbx_${randomUUID()}`,
            brand: cardBrand(number),
            last4: number.slice(-4),
          };
        }
      }
      if (result.ok) {
        holds.set(result.providerRef, { amount: amountCents, captured: 0, refunded: 0, voided: false });
        stats.holdsCreated++;
      }
      byKey.set(idempotencyKey, result);
      return result;
    },
    async capture(ref, amountCents) {
      const h = holds.get(ref);
      if (h) h.captured += amountCents;
    },
    async void(ref) {
      const h = holds.get(ref);
      if (h) h.voided = true;
    },
    async refund(ref, amountCents) {
      const h = holds.get(ref);
      if (h) h.refunded += amountCents;
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
