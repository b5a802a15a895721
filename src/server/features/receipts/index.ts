/** The receipts feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import type { Tx } from '../../db/client';
import type { Job } from '../../jobs/scheduler';
import { receiptRepo } from './repo';
import { receiptRoutes } from './routes';
import { RECEIPT_MAIL_LOOKBACK_HOURS } from './service';

export { createReceiptService, type ReceiptService } from './service';

/**
 * Demo data's money is history, not news: its receipts count as mailed, so a demo server's first job run
 * sends no receipt e-mails or notices for the seeded payments, tips, plan charges and payouts.
 */
export const markDemoReceiptsMailed = (tx: Tx, now: Date) =>
  receiptRepo.markMailed(tx, new Date(now.getTime() - RECEIPT_MAIL_LOOKBACK_HOURS * 3_600_000), now);

/** The privacy export's section: which receipts were e-mailed to the user, and when. */
export const receiptMailsExport = (tx: Tx, userId: number) => receiptRepo.mailsTo(tx, userId);

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
