import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { savedPaymentMethods } from './payment-methods';
import { users } from './users';

export const SUBSCRIPTION_PLANS = ['family', 'premium'] as const;
/**
 * active: paid for the current period (cancel_at_period_end: ends then, no charge); past_due: the renewal
 * failed and is being retried; cancelled: ended at the period end after the family cancelled; ended: moved
 * to Basic after the last retry failed (ADR 0037).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A family's paid plan, billed monthly on the anniversary of `anchor_at` (ADR 0037). One live per user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** The first day paid: every renewal falls on its day of the month (the last day in shorter months). */
    anchorAt: timestamp('anchor_at', tz).notNull(),
    currentPeriodStart: timestamp('current_period_start', tz).notNull(),
    currentPeriodEnd: timestamp('current_period_end', tz).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the period end. */
    pendingPlan: text('pending_plan', { enum: SUBSCRIPTION_PLANS }),
    /** The saved card renewals are charged to (the default card when it was removed). */
    savedCardId: integer('saved_card_id').references(() => savedPaymentMethods.id, { onDelete: 'set null' }),
    /** Failed renewal retries so far (0..3) and when the next one is due. */
    retryCount: integer('retry_count').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', tz),
    /** The period end whose renewal notice was sent (once per period). */
    renewalNoticeFor: timestamp('renewal_notice_for', tz),
    endedAt: timestamp('ended_at', tz),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_live').on(t.userId).where(sql`${t.status} in ('active', 'past_due')`),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'cancelled', 'ended')`),
    check('subscriptions_plan_check', sql`${t.plan} in ('family', 'premium')`),
    check('subscriptions_retry_check', sql`${t.retryCount} between 0 and 3`),
  ],
);

export const SUBSCRIPTION_CHARGE_KINDS = ['first', 'renewal', 'upgrade'] as const;

/** Every charge of a subscription, paid or declined; a paid one has its ledger transaction. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: idColumn(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: SUBSCRIPTION_PLANS }).notNull(),
    kind: text('kind', { enum: SUBSCRIPTION_CHARGE_KINDS }).notNull(),
    status: text('status', { enum: ['paid', 'declined'] }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The provider's reference of a paid charge (secret: never answered). */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    ledgerTxnId: uuid('ledger_txn_id'),
    periodStart: timestamp('period_start', tz),
    periodEnd: timestamp('period_end', tz),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('subscription_charges_sub_idx').on(t.subscriptionId, t.createdAt),
    index('subscription_charges_created_idx').on(t.createdAt),
  ],
);

/**
 * A refund of a paid plan charge (issue 34, ADR 0054): an admin's, with the reason the subscriber reads.
 * One per (charge, Idempotency-Key): a repeated or parallel request answers this row, the provider is asked
 * once. The sum of a charge's refunds is its `refunded_amount`, never above its `amount`.
 */
export const planChargeRefunds = pgTable(
  'plan_charge_refunds',
  {
    id: idColumn(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => subscriptionCharges.id, { onDelete: 'cascade' }),
    /** The subscriber the money went back to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    /** The admin who refunded it. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request (amount and reason), to refuse a reused key with a different request. */
    requestHash: text('request_hash').notNull(),
    ledgerTxnId: uuid('ledger_txn_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('plan_charge_refunds_key').on(t.chargeId, t.idempotencyKey),
    index('plan_charge_refunds_user_idx').on(t.userId, t.createdAt),
    check('plan_charge_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
