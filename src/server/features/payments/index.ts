/** The payments feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { backupHoldsJob, reconciliationJob, visitHoldsJob } from './jobs';
import { paymentRoutes } from './routes';

export { seedDemoMoney } from './demo';
export { createHoldFollower } from './hold-follows';

export { sandboxTokenSecret } from './provider';
export { createReconciliationService } from './reconciliation';
export { type PaymentRefundRecord, paymentRefundRecords } from './refunds';

export { createSavedCardService, type SavedCardService } from './saved-cards';
export { type BackupHolds, createBackupHolds, createPaymentService, type MovedHold } from './service';
export { createSettlement } from './settlement';
export { createTipService, type TipService } from './tips';
export { createVisitHoldService } from './visit-holds';

/** What the payments feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'payments',
  routes: [paymentRoutes],
  jobs: [backupHoldsJob, reconciliationJob, visitHoldsJob],
};
