import type { Job } from '../../jobs/scheduler';

/** Scrubs the personal data of accounts deleted 30 days ago (or more). */
export const scrubDeletedAccountsJob: Job = {
  name: 'privacy.scrub-deleted-accounts',
  everyMs: 60 * 60 * 1000,
  run: ({ app, now }) => app.services.privacy.scrubDue(now),
};
