import type { Job } from '../../jobs/scheduler';

/**
 * Series visits paid one by one (ADR 0032): a card hold 48 h before each visit, a notice once when it
 * fails, and the visit released when still unpaid 24 h before it starts (every 15 minutes).
 */
export const visitHoldsJob: Job = {
  name: 'series.visit-holds',
  moneyMoving: true,
  everyMs: 15 * 60_000,
  run: ({ app, now, signal }) => app.services.visitHolds.runVisitHolds(now, signal),
};

/** Holds kept for a backup after a caregiver's cancellation, released in full when nobody rebooked (ADR 0034). */
export const backupHoldsJob: Job = {
  name: 'payments.backup-holds',
  moneyMoving: true,
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.backupHolds.releaseDue(now, signal),
};

/**
 * The daily reconciliation (ADR 0041): the provider's record against our payments, ledger, bookings and plan
 * charges; new mismatches listed for the admins, counted and alerted through the delivery outbox.
 */
export const reconciliationJob: Job = {
  name: 'payments.reconciliation',
  everyMs: 24 * 3_600_000,
  run: ({ app, now }) => app.services.reconciliation.run(now),
};
