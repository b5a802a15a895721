import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** In-app notifications for any feature: a kind to group by, words for people, and where to go. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', tz),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * SMS kept while no SMS provider is configured (none is connected yet): never sent later and never marked
 * (a delivery outbox with statuses is issue 20).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);
