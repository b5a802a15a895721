import { scrubDeletedAccountsJob } from '../features/privacy/job';
import type { Job } from './scheduler';

/**
 * Every background job of the server. Features add theirs here (one line each), e.g. booking expiry,
 * Friday payouts, unread-message e-mails, review publication, account deletion.
 */
export const JOBS: Job[] = [scrubDeletedAccountsJob];
