import type { Job } from '../../jobs/scheduler';
import { createPrivacyService } from './service';

/** Scrubs the personal data of accounts deleted 30 days ago (or more). */
export const scrubDeletedAccountsJob: Job = {
  name: 'privacy.scrub-deleted-accounts',
  everyMs: 60 * 60 * 1000,
  run: ({ app, now }) =>
    createPrivacyService({ db: app.db, mailer: app.mailer, storage: app.storage, log: app.log }).scrubDue(
      now,
    ),
};
