import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './users';

/**
 * The receipt e-mails queued (issue 34, ADR 0055): one row per receipt number and recipient, written in the
 * transaction that queues the notice, so a receipt is mailed once whichever job run or instance finds it.
 * Receipts themselves are not stored: they are read from the payments, tips, plan charges, ledger and payouts.
 */
export const receiptMails = pgTable(
  'receipt_mails',
  {
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.number, t.userId] }), index('receipt_mails_user_idx').on(t.userId)],
);
