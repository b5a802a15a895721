import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** docs/product.md#records messages; both readings of the spec stand: isRead and readAt. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', tz),
    /** Messages written as the YaadCare Support account: which admin wrote it (null otherwise). */
    sentByAdminId: integer('sent_by_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    check('messages_content_check', sql`length(${t.content}) between 1 and 4000`),
  ],
);
