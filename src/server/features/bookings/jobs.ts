import type { Job } from '../../jobs/scheduler';
import { createBookingService } from './service';

/** Expires unanswered requests and completes confirmed bookings 24 h after their end (every 5 minutes). */
export const bookingLifecycleJob: Job = {
  name: 'bookings.lifecycle',
  everyMs: 5 * 60_000,
  run: ({ app, now }) =>
    createBookingService({ db: app.db, mailer: app.mailer, publicUrl: app.env.publicUrl }).runLifecycle(now),
};
