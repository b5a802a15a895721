import type { Job } from '../../jobs/scheduler';

/** No check-in 15 minutes after a confirmed visit's start: "no-show?" to the family and caregiver, once. */
export const visitNoShowJob: Job = {
  name: 'visits.no-show',
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.visits.runNoShows(now, signal),
};
