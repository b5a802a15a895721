import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/**
 * A user's private calendar feed (issue 33, ADR 0049): the secret in its URL is kept only as its sha-256,
 * like session tokens. One feed per user: a new secret replaces the row, so the old URL stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_id_key').on(t.userId),
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
  ],
);
