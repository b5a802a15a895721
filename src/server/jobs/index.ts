import { bookingLifecycleJob } from '../features/bookings/jobs';
import { unreadMessageEmailJob } from '../features/notifications/unread-email-job';
import { fridayPayoutJob } from '../features/payouts/jobs';
import { scrubDeletedAccountsJob } from '../features/privacy/job';
import { sweepRateLimitsJob } from '../features/rate-limits/jobs';
import { publishReviewsJob, reviewRemindersJob } from '../features/reviews/jobs';
import type { Job } from './scheduler';

/**
 * Every background job of the server. Features add theirs here (one line each), e.g. booking expiry,
 * Friday payouts, unread-message e-mails, review publication, account deletion.
 */
export const JOBS: Job[] = [
  scrubDeletedAccountsJob,
  bookingLifecycleJob,
  fridayPayoutJob,
  publishReviewsJob,
  reviewRemindersJob,
  unreadMessageEmailJob,
  sweepRateLimitsJob,
];
