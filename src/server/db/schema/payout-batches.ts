import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

/**
 * A bank-transfer batch file of a payout run (ADR 0052): one line per payout the run made. The file itself
 * (full account numbers, so encrypted with the payout key) lives in file storage under `storageKey`; the
 * row keeps what the admin console shows and what the file's trailer says.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: idColumn(),
  /** The Friday (or manual run's day), yyyy-MM-dd in Jamaica. */
  payoutDate: text('payout_date').notNull(),
  storageKey: text('storage_key').notNull(),
  lineCount: integer('line_count').notNull(),
  total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  /** Sum of the last 8 digits of each account number, modulo 10^8, zero-padded to 8 digits. */
  controlSum: text('control_sum').notNull(),
  createdAt: createdAtColumn(),
});
