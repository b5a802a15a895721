import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * Fixed-window counters shared by every server instance (login throttling, per-IP auth limits, the
 * per-user message limit): one row per key, counted up by one upsert per attempt so the database
 * decides who is over the limit (ADR 0010). A row whose window has ended counts from zero again; the
 * rate-limits sweep job deletes such rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted, e.g. `login:<email>\n<ip>`, `login-address:<ip>`, `messages:<userId>`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the current window started and when it ends (the count then restarts). */
    windowStart: timestamp('window_start', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);
