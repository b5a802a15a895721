import { bookingAccountBalance, ledgerRepo } from './repo';

export type { CaregiverEarnings, FamilySpending, LedgerLine, LedgerPosting } from './repo';
export { UnbalancedLedgerError } from './repo';

/**
 * The ledger's public API. Other features post and read balances through it, inside their own
 * transaction (each function takes the caller's `tx`): payments and payouts post, dashboards and stats
 * read earnings and spending, the admins' money view reads whole postings.
 */
export const ledger = {
  /** One balanced posting (lines sum to zero), or an UnbalancedLedgerError. */
  post: ledgerRepo.post,
  caregiverEarnings: ledgerRepo.caregiverEarnings,
  familySpending: ledgerRepo.familySpending,
  entriesFor: ledgerRepo.entriesFor,
  bookingAccountBalance,
};
