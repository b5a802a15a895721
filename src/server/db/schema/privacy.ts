import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './users';

/**
 * Accounts their owners deleted. The users row stays (bookings, reviews and the ledger point at it) but is
 * locked at once; the personal data is scrubbed by the privacy job once scrubAfter has passed.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', tz).notNull().defaultNow(),
    scrubAfter: timestamp('scrub_after', tz).notNull(),
    scrubbedAt: timestamp('scrubbed_at', tz),
  },
  (t) => [index('account_deletions_due_idx').on(t.scrubAfter).where(sql`${t.scrubbedAt} is null`)],
);
