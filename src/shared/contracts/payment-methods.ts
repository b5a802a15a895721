import { z } from './zod';

/** A family's saved cards (ADR 0032): the provider keeps the card; we keep brand, last 4 and expiry. */
export const PAYMENT_METHOD_RULES = {
  /** Saved cards per family. */
  maxCards: 5,
} as const;

export const PAYMENT_METHOD_MESSAGES = {
  honesty: 'Card details go straight to our payment provider; we keep only the brand and last 4 digits.',
  tooMany: `You can save up to ${PAYMENT_METHOD_RULES.maxCards} cards. Remove one first.`,
  notFound: 'This card is not saved on your account.',
  tokenUsed: 'These card details were already saved. Please enter your card again.',
  familiesOnly: 'Saved cards are for family accounts.',
} as const;

export const SavePaymentMethodRequest = z.object({
  /** The single-use token of the provider's hosted card fields (e.g. `tok_sbx_…`): never a card number. */
  paymentToken: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\w.-]+$/, 'Enter your card details in the secure card form.'),
});
export type SavePaymentMethodRequest = z.input<typeof SavePaymentMethodRequest>;

export const PaymentMethodView = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** The card series visits are held on, 48 hours before each visit. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethodView = z.infer<typeof PaymentMethodView>;

export const PaymentMethodList = z.array(PaymentMethodView);

/** When a series visit's card hold is placed, and when an unpaid visit is released (ADR 0032). */
export const VISIT_HOLD_RULES = {
  holdAheadMs: 48 * 3_600_000,
  releaseAheadMs: 24 * 3_600_000,
} as const;
