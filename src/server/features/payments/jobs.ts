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
