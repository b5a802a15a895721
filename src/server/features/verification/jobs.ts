import type { Job } from '../../jobs/scheduler';

/**
 * Police record renewal reminders (30 days before a record turns 12 months old), hourly. Each record is
 * claimed and marked in one statement, so a run is idempotent; the scheduler's lock runs it on one instance.
 */
export const policeRecordRemindersJob: Job = {
  name: 'verification.police-record-reminders',
  everyMs: 60 * 60_000,
  run: async ({ app, now }) => ({
    reminded: await app.services.verification.remindPoliceRecordRenewals(now),
  }),
};
