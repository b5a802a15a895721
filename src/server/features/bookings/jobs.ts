import type { Job } from '../../jobs/scheduler';

/** Expires unanswered requests and completes confirmed bookings 24 h after their end (every 5 minutes). */
export const bookingLifecycleJob: Job = {
  name: 'bookings.lifecycle',
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.bookings.runLifecycle(now, signal),
};
