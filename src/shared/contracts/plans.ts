import { PLAN_FEATURES } from '../plan-features';
import { PAID_PLAN_IDS, PLAN_IDS } from '../pricing';
import { z } from './zod';

/** One plan of the catalogue (src/shared/pricing.ts PLANS), as GET /api/plans answers it. */
export const PlanView = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  monthlyJmd: z.number().int(),
  summary: z.string(),
  unlocks: z.array(z.enum(PLAN_FEATURES)),
  features: z.array(z.string()),
  available: z.boolean(),
});
export const PlanList = z.object({
  plans: z.array(PlanView),
  /** Priority support's promised reply time, in business hours. */
  priorityReplyBusinessHours: z.number().int(),
});
export type PlanList = z.infer<typeof PlanList>;

const HostedToken = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[\w.-]+$/, 'Enter your card details in the secure card form.');

/** Subscribe with a new card (the hosted fields' token, saved as a card) or a saved card's id. */
export const SubscribeRequest = z
  .object({
    plan: z.enum(PAID_PLAN_IDS),
    paymentToken: HostedToken.optional(),
    paymentMethodId: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((b) => (b.paymentToken === undefined) !== (b.paymentMethodId === undefined), {
    message: 'Give either a card from the secure card form or one of your saved cards.',
    path: ['paymentToken'],
  });
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

export const ChangePlanRequest = z.object({ plan: z.enum(PAID_PLAN_IDS) });
export type ChangePlanRequest = z.input<typeof ChangePlanRequest>;

/** The family's plan: Basic (no subscription) or a paid plan with its dates and card (never its reference). */
export const SubscriptionView = z.object({
  plan: z.enum(PLAN_IDS),
  status: z.enum(['none', 'active', 'past_due']),
  /** The paid period's end: the renewal date, or the end date once cancelled. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade taking effect at the period end. */
  pendingPlan: z.enum(PAID_PLAN_IDS).nullable(),
  /** While past due: when the card is tried again. */
  nextRetryAt: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** What the plan unlocks now. */
  unlocks: z.array(z.enum(PLAN_FEATURES)),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const SubscriptionSummary = z.object({
  subscribers: z.object({ family: z.number().int(), premium: z.number().int() }),
  /** Monthly recurring revenue of the live subscriptions, whole JMD. */
  mrrJmd: z.number().int(),
  /** Subscriptions now past due, and renewal charges declined in the last 30 days. */
  pastDue: z.number().int(),
  failedRenewals30d: z.number().int(),
  /** Refunds of subscription charges: how many and how much (JMD, 2 decimals as text). */
  refunds: z.object({ count: z.number().int(), amount: z.string() }),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

/** POST /api/admin/plans/charges/{id}/refund (ADR 0054): all that is left of the charge, or `amount`. */
export const RefundPlanChargeRequest = z
  .object({
    /** J$ as a numeric string ("1000" or "1000.50"); without it, everything not yet refunded. */
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in J$, like 1000')
      .optional(),
    /** Why: the subscriber reads it on their plan page and in the notice. */
    reason: z
      .string()
      .trim()
      .min(3, 'Say why the charge is refunded (3 characters or more).')
      .max(300, 'Keep the reason under 300 characters.'),
  })
  .strict();
export type RefundPlanChargeRequest = z.input<typeof RefundPlanChargeRequest>;

/** One refund of a plan charge, as its subscriber and the admins see it (JMD as numeric strings). */
export const PlanChargeRefundView = z.object({
  id: z.number().int(),
  chargeId: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PlanChargeRefundView = z.infer<typeof PlanChargeRefundView>;

/** The admin's answer: the refund, and the charge's totals after it. */
export const PlanChargeRefundResult = z.object({
  refund: PlanChargeRefundView,
  charge: z.object({
    id: z.number().int(),
    amount: z.string(),
    refundedAmount: z.string(),
    /** What may still be refunded. */
    refundableAmount: z.string(),
  }),
});
export type PlanChargeRefundResult = z.infer<typeof PlanChargeRefundResult>;

/** GET /api/subscriptions/me/charges: the family's plan charges, newest first, each with its refunds. */
export const PlanBillingHistory = z.object({
  charges: z.array(
    z.object({
      id: z.number().int(),
      plan: z.enum(PAID_PLAN_IDS),
      kind: z.enum(['first', 'renewal', 'upgrade']),
      status: z.enum(['paid', 'declined']),
      amount: z.string(),
      refundedAmount: z.string(),
      periodStart: z.string().nullable(),
      periodEnd: z.string().nullable(),
      createdAt: z.string(),
      refunds: z.array(PlanChargeRefundView),
    }),
  ),
});
export type PlanBillingHistory = z.infer<typeof PlanBillingHistory>;

export const PLAN_MESSAGES = {
  alreadySubscribed: 'You already have a paid plan. Change or cancel it in Settings.',
  noPlan: 'You are on Basic: there is no paid plan to change or cancel.',
  samePlan: 'You are already on this plan.',
  noCard: 'There is no saved card to charge. Add a card and try again.',
  cardNotFound: 'That saved card was not found.',
  chargeNotFound: 'That plan charge was not found.',
  notRefundable: 'Only a paid charge can be refunded.',
  fullyRefunded: 'This charge is already refunded in full.',
  refundTooHigh: (left: string) => `At most J$ ${left} of this charge is left to refund.`,
  refundTooLow: 'Enter an amount above J$ 0.',
} as const;
