import type { Job } from '../../jobs/scheduler';

/** Double-blind, 14-day path: publishes reviews whose window ended without the caregiver's rating. */
export const publishReviewsJob: Job = {
  name: 'reviews.publish-due',
  everyMs: 10 * 60 * 1000,
  run: ({ app, now }) => app.services.reviews.publishDue(now),
};

/** 'How was your booking?' e-mails, an hour after completion. */
export const reviewRemindersJob: Job = {
  name: 'reviews.reminders',
  everyMs: 10 * 60 * 1000,
  run: ({ app, now, signal }) => app.services.reviewReminders.send(now, signal),
};
