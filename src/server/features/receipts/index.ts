/** The receipts feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import type { Job } from '../../jobs/scheduler';
import { receiptRoutes } from './routes';

export { createReceiptService, type ReceiptService } from './service';

/** Every 5 minutes: the receipt e-mails of money moved since the last run, once each (ADR 0055). */
export const receiptMailJob: Job = {
  name: 'receipts.mail',
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.receipts.mailDue(now, signal),
};

/** What the receipts feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'receipts',
  routes: [receiptRoutes],
  jobs: [receiptMailJob],
};
