import type { Job } from '../../jobs/scheduler';

/** Expires unanswered requests and completes confirmed bookings 24 h after their end (every 5 minutes). */
export const bookingLifecycleJob: Job = {
  name: 'bookings.lifecycle',
  moneyMoving: true,
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.bookings.runLifecycle(now, signal),
};

/** Day-before reminders of confirmed bookings, by SMS too on plans that include it (every 15 minutes). */
export const bookingRemindersJob: Job = {
  name: 'bookings.reminders',
  everyMs: 15 * 60_000,
  run: ({ app, now, signal }) => app.services.bookingReminders.sendDue(now, signal),
};
