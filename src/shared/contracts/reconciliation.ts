import { z } from './zod';

/** What the daily reconciliation compares (ADR 0041): the provider's record against ours. */
export const MISMATCH_KINDS = [
  'provider_unknown',
  'hold_missing',
  'amount_differs',
  'ledger_differs',
  'booking_state',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** How the admin console names each kind. */
export const MISMATCH_KIND_LABELS: Record<MismatchKind, string> = {
  provider_unknown: 'Provider money we have no record of',
  hold_missing: 'Payment with no provider hold',
  amount_differs: 'Provider amount differs from the payment',
  ledger_differs: 'Ledger differs from the provider',
  booking_state: 'Booking state differs from the money',
};

export const MISMATCH_STATES = ['open', 'resolved'] as const;

export const ReconciliationMismatch = z.object({
  id: z.number().int(),
  kind: z.enum(MISMATCH_KINDS),
  /** The provider's reference (admins only: never shown to families). */
  providerRef: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  bookingId: z.number().int().nullable(),
  subscriptionChargeId: z.number().int().nullable(),
  /** JMD decimal strings, when amounts were compared. */
  providerAmount: z.string().nullable(),
  ourAmount: z.string().nullable(),
  detail: z.string(),
  detectedAt: z.string(),
  state: z.enum(MISMATCH_STATES),
  resolvedBy: z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReconciliationMismatch = z.infer<typeof ReconciliationMismatch>;

export const ReconciliationRun = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  operations: z.number().int(),
  found: z.number().int(),
  newFound: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const ReconciliationMismatchesQuery = z.object({
  state: z.enum(['open', 'resolved', 'all'], { error: 'state must be open, resolved or all' }).default('all'),
});
export type ReconciliationMismatchesQuery = z.input<typeof ReconciliationMismatchesQuery>;

export const ReconciliationMismatchList = z.object({
  mismatches: ReconciliationMismatch.array(),
  open: z.number().int(),
});
export type ReconciliationMismatchList = z.infer<typeof ReconciliationMismatchList>;

export const ReconciliationRunList = z.object({ runs: ReconciliationRun.array() });
export type ReconciliationRunList = z.infer<typeof ReconciliationRunList>;

/** POST /api/admin/money-audit/run: ran false when a run (the daily job, another admin) held the lock. */
export const ReconciliationRunNow = z.object({
  ran: z.boolean(),
  result: z
    .object({
      runId: z.number().int(),
      operations: z.number().int(),
      found: z.number().int(),
      newFound: z.number().int(),
    })
    .optional(),
});
export type ReconciliationRunNow = z.infer<typeof ReconciliationRunNow>;

export const RECONCILIATION_MESSAGES = {
  noteRequired: 'Please say how it was resolved.',
  noteTooLong: 'Please keep the note under 1,000 characters.',
  alreadyResolved: 'This mismatch was already resolved.',
  notFound: 'Mismatch not found',
} as const;

export const ResolveMismatchRequest = z.object({
  note: z
    .string({ error: RECONCILIATION_MESSAGES.noteRequired })
    .trim()
    .min(1, RECONCILIATION_MESSAGES.noteRequired)
    .max(1000, RECONCILIATION_MESSAGES.noteTooLong),
});
export type ResolveMismatchRequest = z.input<typeof ResolveMismatchRequest>;
