import { sql } from 'drizzle-orm';
import {
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
import { bookings } from './bookings';
import { caregivers } from './caregivers';
import { createdAtColumn, idColumn, tz } from './columns';
import { payoutBatches } from './payout-batches';
import { users } from './users';

export const PAYMENT_METHODS = ['card', 'paypal', 'bank', 'zelle', 'cashapp', 'digital'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * declined: the provider refused (kept so a retry with the same Idempotency-Key answers the same).
 * awaiting_transfer: bank/Zelle/Cash App until an admin marks the money received.
 * authorized: a card hold; received: a transfer arrived (held by us) — both become captured on completion.
 * voided / refunded / partially_refunded / cancelled: the booking ended without (all of) the charge.
 */
export const PAYMENT_STATUSES = [
  'declined',
  'awaiting_transfer',
  'authorized',
  'received',
  'captured',
  'voided',
  'refunded',
  'partially_refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Whose consent a charge the payer did not make at the keyboard stands on (ADR 0039): own_booking (the payer
 * booked it), own_approval (the payer approved it), own_cap (the payer's own monthly cap, not passed this
 * month), charge_me (a payer with no cap in a circle without the approval rule, who took on the role).
 */
export const CONSENT_BASES = ['own_booking', 'own_approval', 'own_cap', 'charge_me'] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

/** One payment attempt for a booking. Card numbers are never stored: brand and last 4 only. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** What was finally charged (capture or late-cancellation fee) and given back. */
    capturedAmount: numeric('captured_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Bank transfer / Zelle / Cash App: the code the family quotes with their transfer. */
    reference: text('reference'),
    providerRef: text('provider_ref'),
    /**
     * SHA-256 of the single-use card token from the provider's hosted fields (never the card itself):
     * unique, so a token pays at most once, whichever server instance receives it.
     */
    cardTokenHash: text('card_token_hash'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request (without card secrets) to refuse a reused key with a different request. */
    requestHash: text('request_hash').notNull(),
    receivedBy: integer('received_by').references(() => users.id),
    /** A charge made by a job: whose consent it used and on what basis (null: the payer paid it themselves). */
    consentUserId: integer('consent_user_id').references(() => users.id, { onDelete: 'set null' }),
    consentBasis: text('consent_basis', { enum: CONSENT_BASES }),
    receivedAt: timestamp('received_at', tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.familyId, t.idempotencyKey),
    // At most one live payment per booking; declined/ended attempts do not count.
    uniqueIndex('payments_one_live_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} in ('awaiting_transfer', 'authorized', 'received', 'captured')`),
    uniqueIndex('payments_card_token').on(t.cardTokenHash),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_status_idx').on(t.status, t.createdAt),
    check(
      'payments_status_check',
      sql`${t.status} in ('declined', 'awaiting_transfer', 'authorized', 'received', 'captured', 'voided', 'refunded', 'partially_refunded', 'cancelled')`,
    ),
    check(
      'payments_consent_basis_check',
      sql`${t.consentBasis} is null or ${t.consentBasis} in ('own_booking', 'own_approval', 'own_cap', 'charge_me')`,
    ),
    check(
      'payments_method_check',
      sql`${t.method} in ('card', 'paypal', 'bank', 'zelle', 'cashapp', 'digital')`,
    ),
  ],
);

/**
 * Why a booking's money went back to its payer (ADR 0054): a cancellation by either side (a family's late
 * cancellation refunds all but the caregiver's fee), a parish emergency's waiver of that fee, a decline or an
 * expiry, a release by the system (not paid in time, a no-show replaced, a trial ended, a backup not taken),
 * the unused part of a hold at completion.
 */
export const PAYMENT_REFUND_CAUSES = [
  'cancelled_by_family',
  'cancelled_by_caregiver',
  'emergency_waiver',
  'declined',
  'expired',
  'released',
  'completion',
] as const;
export type PaymentRefundCause = (typeof PAYMENT_REFUND_CAUSES)[number];

/**
 * Every time a booking's payment gave money back (ADR 0054), written with its ledger transaction in the
 * settlement's transaction. refund: money that had reached us went back to the card or account; release:
 * a card hold (or its unused part) was let go, so the money never left the card.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: idColumn(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** Who the money went back to: the payer of the payment. */
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['refund', 'release'] }).notNull(),
    cause: text('cause', { enum: PAYMENT_REFUND_CAUSES }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** What the caregiver kept of the payment (a late-cancellation fee), '0' otherwise. */
    keptAmount: numeric('kept_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    ledgerTxnId: uuid('ledger_txn_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_booking_idx').on(t.bookingId),
  ],
);

/**
 * Ledger accounts. family_source: the family's card or bank (outside us); booking_hold: money held
 * for a booking; family_receivable: what a family owes for a booking completed without settled money;
 * platform_revenue: our fees; caregiver_payable: what we owe a caregiver; payout_sent: money paid out.
 */
export const LEDGER_ACCOUNTS = [
  'family_source',
  'booking_hold',
  'family_receivable',
  'platform_revenue',
  'caregiver_payable',
  'payout_sent',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_KINDS = [
  'authorization',
  'transfer_received',
  'void',
  'capture',
  'platform_fee',
  'caregiver_earning',
  'late_cancellation_fee',
  'refund',
  'payout',
  /** A hold moved from a dropped booking to its backup (ADR 0034): out of one booking, into the other. */
  'hold_move',
  /** A paid plan's monthly charge (ADR 0037): from the family's card to platform revenue. */
  'subscription',
  /** A tip after a completed visit (ADR 0051): from the payer's card, 100 % to the caregiver. */
  'tip',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Double-entry ledger: each money movement is one txn_id whose entries sum to zero (a deferred
 * constraint trigger checks it at commit). Balances are sums of entries, never stored elsewhere.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    txnId: uuid('txn_id').notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed: positive increases the account. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id),
    paymentId: integer('payment_id').references(() => payments.id),
    payoutId: integer('payout_id'),
    familyId: integer('family_id').references(() => users.id),
    caregiverId: integer('caregiver_id').references(() => caregivers.id),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('ledger_txn_idx').on(t.txnId),
    index('ledger_caregiver_idx').on(t.caregiverId, t.account, t.createdAt),
    index('ledger_family_idx').on(t.familyId, t.createdAt),
    index('ledger_booking_idx').on(t.bookingId),
  ],
);

/** A Friday payout of a caregiver's available balance; one per caregiver per payout date. */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    /** The Friday (yyyy-MM-dd, Jamaica) it belongs to. */
    payoutDate: text('payout_date').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status', { enum: ['paid'] })
      .notNull()
      .default('paid'),
    bankName: text('bank_name'),
    accountLast4: text('account_last4'),
    /** The bank-transfer batch file it is a line of (ADR 0052); null for payouts made before batches. */
    batchId: integer('batch_id').references(() => payoutBatches.id),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('payouts_caregiver_date_key').on(t.caregiverId, t.payoutDate)],
);

/** Where a caregiver's payouts go. The account number is AES-256-GCM encrypted; last 4 kept for display. */
export const payoutAccounts = pgTable('payout_accounts', {
  caregiverId: integer('caregiver_id')
    .primaryKey()
    .references(() => caregivers.id),
  bankName: text('bank_name').notNull(),
  /** The catalog code (src/shared/jamaican-banks.ts, ADR 0052); null on accounts saved before it. */
  bankCode: text('bank_code'),
  /** The 5-digit branch part of the transit number. */
  branch: text('branch'),
  accountType: text('account_type', { enum: ['savings', 'chequing'] }),
  accountHolder: text('account_holder').notNull(),
  accountNumberEncrypted: text('account_number_encrypted').notNull(),
  accountLast4: text('account_last4').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});
