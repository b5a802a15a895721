import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { FX_CURRENCIES } from '../../../shared/fx';
import { tz } from './columns';
import { users } from './users';

/**
 * The exchange rates admins keep, one row per currency (ADR 0026): JMD per unit and the day the rate is
 * for. Estimates only: every charge is in JMD. A live feed, when one is reachable, writes the same rows.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency', { enum: FX_CURRENCIES }).primaryKey(),
    jmdPerUnit: numeric('jmd_per_unit', { precision: 12, scale: 4 }).notNull(),
    /** yyyy-MM-dd. */
    rateDate: text('rate_date').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('fx_rates_currency_check', sql`${t.currency} in ('USD', 'GBP', 'CAD', 'EUR')`),
    check('fx_rates_positive_check', sql`${t.jmdPerUnit} > 0`),
    check('fx_rates_date_check', sql`${t.rateDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);
