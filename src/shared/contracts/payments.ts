import {
  BANK_ACCOUNT_TYPES,
  bankByCode,
  DEFAULT_ACCOUNT_DIGITS,
  DEFAULT_BRANCH_DIGITS,
  JAMAICAN_BANK_CODES,
} from '../jamaican-banks';
import { ErrorCodeSchema, Id } from './common';
import { z } from './zod';

/** yyyy-MM-dd plus n days (calendar arithmetic, no time zone involved). */
export function addJamaicaDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const PAYMENT_METHOD_VALUES = ['card', 'paypal', 'bank', 'zelle', 'cashapp', 'digital'] as const;
export type PaymentMethodValue = (typeof PAYMENT_METHOD_VALUES)[number];
export const TRANSFER_METHODS: readonly PaymentMethodValue[] = ['bank', 'zelle', 'cashapp'];

/** What a family reads when a card is refused, whichever provider refused it (ADR 0050). */
export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  paypal_failed: 'PayPal payment failed. Please try again.',
  token_invalid: 'Your card details have expired. Please enter them again.',
} as const;

export const PAYMENT_MESSAGES = {
  idempotencyKey: 'An Idempotency-Key header is required (any unique value per payment attempt).',
  keyReused: 'This Idempotency-Key was already used for a different payment.',
  alreadyPaid: 'This booking already has a payment.',
  notPayable: 'This booking can no longer be paid.',
  cardRequired: 'Enter your card details.',
  /** Card data sent to our API instead of the provider's hosted fields: refused, never stored or logged. */
  cardDataRefused: 'Card details must be entered in the secure card form.',
  tokenUsed: 'These card details were already used for a payment. Please enter your card again.',
  numberMissing: 'Enter the card number.',
  cardNumber: 'Your card number is incorrect.',
  expiryInvalid: 'Enter the expiry as MM/YY.',
  expired: 'Your card has expired.',
  cvc: 'Your card’s security code is incorrect.',
} as const;

/** Luhn check of a card number (digits only): the hosted fields' check, and how our API spots a PAN. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const CreatePaymentRequest = z.object({
  bookingId: Id('bookingId'),
  /** 'stripe' is the spec's tab name for card. */
  method: z
    .enum([...PAYMENT_METHOD_VALUES, 'stripe'])
    .transform((m): PaymentMethodValue => (m === 'stripe' ? 'card' : m)),
  /**
   * Card and digital-wallet payments: the single-use token from the provider's hosted card fields
   * (e.g. `tok_sbx_…`). Card numbers and security codes are never accepted here.
   */
  paymentToken: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\w.-]+$/, 'Enter your card details in the secure card form.')
    .optional(),
  wallet: z.enum(['apple_pay', 'google_pay']).optional(),
});
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequest>;

/**
 * How the configured card provider takes card details (ADR 0053): its hosted fields in a frame of our own
 * origin (the sandbox), or its own hosted payment page with 3-D Secure (PowerTranz), started per payment.
 */
export const CARD_ENTRIES = ['hosted-fields', 'hosted-page'] as const;
export type CardEntry = (typeof CARD_ENTRIES)[number];

/**
 * POST /api/bookings/:id/hosted-payment. `hosted-page`: the HTML the payment page shows in its frame (the
 * provider's card page, then the issuer's challenge) and the transaction it starts, for the server's amount;
 * the browser ends with a single-use token for POST /api/payments. `hosted-fields`: the provider uses its own
 * card fields; nothing was started.
 */
export const HostedPaymentResponse = z.discriminatedUnion('cardEntry', [
  z.object({ cardEntry: z.literal('hosted-fields') }),
  z.object({
    cardEntry: z.literal('hosted-page'),
    transactionIdentifier: z.uuid(),
    redirectData: z.string(),
    /** What the page will hold, computed on the server (numeric string, JMD). */
    amount: z.string(),
    /** The provider's page answers within this time (PowerTranz: 5 minutes), ISO 8601. */
    expiresAt: z.string(),
  }),
]);
export type HostedPaymentResponse = z.infer<typeof HostedPaymentResponse>;

export const PaymentView = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  method: z.enum(PAYMENT_METHOD_VALUES),
  status: z.string(),
  amount: z.string(),
  capturedAmount: z.string(),
  refundedAmount: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  reference: z.string().nullable(),
  /** For transfers: how and where to send the money. */
  instructions: z.string().nullable(),
  /** The decline reason of a refused card. */
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentView>;

export const DeclinedPayment = PaymentView.extend({
  message: z.string(),
  code: ErrorCodeSchema,
  requestId: z.string(),
});

export const AdminPaymentItem = PaymentView.extend({
  family: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  booking: z.object({ id: z.number().int(), date: z.string(), status: z.string() }),
});
export const AdminPaymentList = z.array(AdminPaymentItem);
export type AdminPaymentItem = z.infer<typeof AdminPaymentItem>;

/** /payment-settings: where Friday payouts go. */
const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/**
 * One contract for the server and the form (ADR 0052). The bank fields (`bankCode`, `branch`,
 * `accountType`) are optional so the older call ({ bankName, accountHolder, accountNumber }) still works;
 * the form always sends them, and with a `bankCode` the branch and account type are required and the
 * lengths follow that bank. `bankName` is then taken from the catalog.
 */
export const PayoutAccountRequest = z
  .object({
    bankName: z.string().trim().max(100).optional(),
    // '' (the form's "Choose your bank") is let through to the check below, so that every field's message
    // shows at once: zod skips an object's refinements once one of its fields failed.
    bankCode: z
      .union([z.enum(JAMAICAN_BANK_CODES, { error: 'Choose your bank.' }), z.literal('')])
      .optional(),
    branch: z.string().transform(digitsOnly).optional(),
    accountType: z
      .union([z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose savings or chequing.' }), z.literal('')])
      .optional(),
    accountHolder: z.string().trim().max(100, 'Names have at most 100 characters.'),
    accountNumber: z.string().transform(digitsOnly),
  })
  .superRefine((v, ctx) => {
    if (v.accountHolder.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['accountHolder'], message: 'Enter the account holder’s name.' });
    }
    if (v.bankName !== undefined && v.bankName.length < 2 && !v.bankCode) {
      ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'Enter your bank’s name.' });
    }
    const bank = bankByCode(v.bankCode);
    // The new call names a bank by code (the form sends '' while none is chosen); the older one by name.
    const bankFields = v.bankCode !== undefined;
    if (!bank && (bankFields || v.bankName === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Choose your bank.' });
    }
    const [min, max] = bank?.accountDigits ?? (bankFields ? DEFAULT_ACCOUNT_DIGITS : [6, 20]);
    if (!new RegExp(`^\\d{${min},${max}}$`).test(v.accountNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: `Account numbers have ${min} to ${max} digits.`,
      });
    }
    if (!bankFields) return;
    const branchDigits = bank?.branchDigits ?? DEFAULT_BRANCH_DIGITS;
    if (!v.branch) {
      ctx.addIssue({ code: 'custom', path: ['branch'], message: 'Enter your branch (transit) number.' });
    } else if (!new RegExp(`^\\d{${branchDigits}}$`).test(v.branch)) {
      ctx.addIssue({
        code: 'custom',
        path: ['branch'],
        message: `The branch (transit) number has ${branchDigits} digits.`,
      });
    }
    if (!v.accountType) {
      ctx.addIssue({ code: 'custom', path: ['accountType'], message: 'Choose savings or chequing.' });
    }
  });
export type PayoutAccountRequest = z.input<typeof PayoutAccountRequest>;

export const PayoutAccountView = z.object({
  bankName: z.string().nullable(),
  /** The catalog code (ADR 0052); null for an older account whose bank name matched none. */
  bankCode: z.enum(JAMAICAN_BANK_CODES).nullable(),
  branch: z.string().nullable(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  accountHolder: z.string().nullable(),
  /** '•••• 1234' — the full number is never sent back. */
  accountNumberMasked: z.string().nullable(),
  /** True when the bank file cannot be complete yet: an older account without bank, branch or type. */
  needsBankDetails: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PayoutAccountView = z.infer<typeof PayoutAccountView>;

export const EarningsItem = z.object({
  id: z.number().int(),
  kind: z.enum(['earning', 'late_cancellation_fee', 'payout', 'tip']),
  status: z.enum(['paid', 'pending']),
  amount: z.string(),
  date: z.string(),
  bookingId: z.number().int().nullable(),
  description: z.string(),
  /** When this earning becomes available for a payout (null for payouts). */
  availableAt: z.string().nullable(),
});
export type EarningsItem = z.infer<typeof EarningsItem>;

export const EarningsView = z.object({
  totals: z.object({
    total: z.string(),
    available: z.string(),
    pending: z.string(),
    paid: z.string(),
  }),
  nextPayoutDate: z.string(),
  hasPayoutAccount: z.boolean(),
  items: z.array(EarningsItem),
});
export type EarningsView = z.infer<typeof EarningsView>;

/**
 * Tips after a completed visit (issue 34, ADR 0051): at least J$100, at most J$50,000 or half the booking's
 * total, whichever is lower; within 14 days of the visit's end; one per booking; 100 % to the caregiver.
 */
export const TIP_RULES = {
  minCents: 10_000,
  maxCents: 5_000_000,
  maxShareOfTotal: 0.5,
  windowDays: 14,
} as const;

/** The highest tip a booking of this total (cents) allows. */
export const maxTipCents = (totalCents: number) =>
  Math.min(TIP_RULES.maxCents, Math.floor(totalCents * TIP_RULES.maxShareOfTotal));

export const TIP_PRESETS_CENTS = [50_000, 100_000, 200_000] as const;

export const TIP_MESSAGES = {
  already: 'This visit already has a tip.',
  notCompleted: 'A tip can be added only after the visit is completed.',
  windowClosed: 'Tips can be added only within 14 days of the visit.',
  tooLow: 'The smallest tip is J$100.',
  tooHigh: (maxCents: number) =>
    `The largest tip for this visit is J$${(maxCents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}.`,
  cardNotFound: 'Choose one of your saved cards.',
} as const;

export const CreateTipRequest = z
  .object({
    /** J$ as a numeric string ("1000" or "1000.50"). */
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in J$, like 1000'),
    paymentMethodId: z.number().int().positive(),
  })
  .strict();
export type CreateTipRequest = z.infer<typeof CreateTipRequest>;

export const TipView = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  amount: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
});
export type TipView = z.infer<typeof TipView>;

/** A payout run's bank-transfer batch file, as the admin console lists it (ADR 0052). */
export const PayoutBatchView = z.object({
  id: z.number().int(),
  payoutDate: z.string(),
  lineCount: z.number().int(),
  /** J$, two decimals: the sum of the run's payouts (and of its ledger entries). */
  total: z.string(),
  /** The trailer's control sum: last 8 digits of each account number summed, modulo 10^8. */
  controlSum: z.string(),
  createdAt: z.string(),
});
export type PayoutBatchView = z.infer<typeof PayoutBatchView>;
