import { sweepRateLimitsJob } from './core/rate-limits/jobs';
import { bookingLifecycleJob, bookingRemindersJob } from './features/bookings/jobs';
import { careRequestExpiryJob } from './features/care-requests/jobs';
import { deliveriesJob } from './features/notifications/deliveries-job';
import { unreadMessageEmailJob } from './features/notifications/unread-email-job';
import { backupHoldsJob, reconciliationJob, visitHoldsJob } from './features/payments/jobs';
import { fridayPayoutJob } from './features/payouts/jobs';
import { planRenewalsJob } from './features/plans/jobs';
import { scrubDeletedAccountsJob } from './features/privacy/job';
import { reliabilityRecomputeAllJob, reliabilityRefreshJob } from './features/reliability/jobs';
import { publishReviewsJob, reviewRemindersJob } from './features/reviews/jobs';
import { monthlyStatementMailJob } from './features/statements/monthly-mail';
import { policeRecordRemindersJob } from './features/verification/jobs';
import { visitNoShowJob } from './features/visits/jobs';
import type { Job } from './jobs/scheduler';

/**
 * Every background job of the server: wiring, like app.ts and services.ts (the scheduler in jobs/ is core
 * and knows no feature). Features add theirs here (one line each), e.g. booking expiry, Friday payouts,
 * unread-message e-mails, review publication, account deletion. Jobs take their services from the app.
 */
export const JOBS: Job[] = [
  scrubDeletedAccountsJob,
  bookingLifecycleJob,
  bookingRemindersJob,
  fridayPayoutJob,
  publishReviewsJob,
  reviewRemindersJob,
  unreadMessageEmailJob,
  sweepRateLimitsJob,
  monthlyStatementMailJob,
  visitNoShowJob,
  visitHoldsJob,
  reliabilityRefreshJob,
  reliabilityRecomputeAllJob,
  backupHoldsJob,
  reconciliationJob,
  deliveriesJob,
  planRenewalsJob,
  careRequestExpiryJob,
  policeRecordRemindersJob,
];
