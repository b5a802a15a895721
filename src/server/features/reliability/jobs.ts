import type { Job } from '../../jobs/scheduler';

/** Check-ins and visits that ended lately (no booking event marks those) move records: every 10 min. */
export const reliabilityRefreshJob: Job = {
  name: 'reliability.refresh',
  everyMs: 10 * 60_000,
  run: ({ app, now }) => app.services.reliability.refreshTouched(now),
};

/** The 12-month window slides: every record is recomputed once a day. */
export const reliabilityRecomputeAllJob: Job = {
  name: 'reliability.recompute-all',
  everyMs: 24 * 60 * 60_000,
  run: ({ app, now }) => app.services.reliability.refreshAll(now),
};
