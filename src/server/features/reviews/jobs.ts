import type { Job } from '../../jobs/scheduler';
import { sendReviewReminders } from './reminders';
import { publishDueReviews } from './service';

/** Double-blind, 14-day path: publishes reviews whose window ended without the caregiver's rating. */
export const publishReviewsJob: Job = {
  name: 'reviews.publish-due',
  everyMs: 10 * 60 * 1000,
  run: ({ app, now }) => publishDueReviews(app.db, now),
};

/** 'How was your booking?' e-mails, an hour after completion. */
export const reviewRemindersJob: Job = {
  name: 'reviews.reminders',
  everyMs: 10 * 60 * 1000,
  run: ({ app, now }) =>
    sendReviewReminders({ db: app.db, mailer: app.mailer, publicUrl: app.env.publicUrl }, now),
};
