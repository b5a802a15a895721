import type { Job } from '../../jobs/scheduler';

/** Open care requests close 14 days after they were posted (ADR 0038); the app's clock decides. */
export const careRequestExpiryJob: Job = {
  name: 'care-requests.expire',
  everyMs: 15 * 60_000,
  run: ({ app, now }) => app.services.careRequests.expire(now),
};
