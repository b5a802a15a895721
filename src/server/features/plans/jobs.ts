import type { Job } from '../../jobs/scheduler';

/** Plan renewals (ADR 0037): notices, anniversary charges, retries and the move to Basic (hourly). */
export const planRenewalsJob: Job = {
  name: 'plans.renewals',
  moneyMoving: true,
  everyMs: 60 * 60_000,
  run: ({ app, now, signal }) => app.services.planRenewals.runRenewals(now, signal),
};
