import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MISMATCH_KINDS } from '../../../shared/contracts/reconciliation';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

export const PROVIDER_OPERATION_KINDS = ['authorize', 'capture', 'void', 'refund', 'resize'] as const;
export type ProviderOperationKind = (typeof PROVIDER_OPERATION_KINDS)[number];

/**
 * The sandbox payment provider's own record (ADR 0041): what it did, one row per idempotency key, so the
 * same key through two server instances or after a restart answers the first result and never holds money
 * twice. Written by the provider (an outside party sharing the database), read by reconciliation through
 * the provider's interface. A real provider keeps this record on its side.
 */
export const sandboxProviderOperations = pgTable(
  'sandbox_provider_operations',
  {
    id: idColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: PROVIDER_OPERATION_KINDS }).notNull(),
    /** The hold's reference; null for a refused authorization. */
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** An authorization that held money, a resize the provider made; false: refused. */
    ok: boolean('ok').notNull(),
    /** An authorization's answer (brand, last 4, decline code and message: never card data), replayed. */
    outcome: jsonb('outcome'),
    at: timestamp('at', tz).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_provider_operations_key').on(t.idempotencyKey),
    index('sandbox_provider_operations_ref_idx').on(t.providerRef),
    index('sandbox_provider_operations_at_idx').on(t.at),
  ],
);

/** One run of the reconciliation job. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: idColumn(),
    startedAt: timestamp('started_at', tz).notNull(),
    finishedAt: timestamp('finished_at', tz),
    /** Provider operations compared. */
    operations: integer('operations').notNull().default(0),
    /** Mismatches found (still there), and of those, new ones. */
    found: integer('found').notNull().default(0),
    newFound: integer('new_found').notNull().default(0),
  },
  (t) => [index('reconciliation_runs_started_idx').on(t.startedAt)],
);

/**
 * A difference between the provider's record and ours. `fingerprint` (kind, subject and both amounts) is
 * unique: a later run finding the same difference does not list it again; a changed difference is new.
 */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: idColumn(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind', { enum: MISMATCH_KINDS }).notNull(),
    /** Internal: the provider's reference (admins only, never families). */
    providerRef: text('provider_ref'),
    paymentId: integer('payment_id'),
    bookingId: integer('booking_id'),
    subscriptionChargeId: integer('subscription_charge_id'),
    /** What the provider says and what we say (cents), when amounts are compared. */
    providerCents: bigint('provider_cents', { mode: 'number' }),
    ourCents: bigint('our_cents', { mode: 'number' }),
    detail: text('detail').notNull(),
    runId: integer('run_id').references(() => reconciliationRuns.id, { onDelete: 'set null' }),
    detectedAt: timestamp('detected_at', tz).notNull(),
    state: text('state', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', tz),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('reconciliation_mismatches_fingerprint').on(t.fingerprint),
    index('reconciliation_mismatches_state_idx').on(t.state, t.detectedAt),
  ],
);
