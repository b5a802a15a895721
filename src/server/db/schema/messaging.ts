import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { messages } from './messages';
import { users } from './users';

/** A user who blocked another: the blocked one can no longer message them (and they cannot message back). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A report of a user (from the chat), queued for admins with the conversation between the two. */
export const userReports = pgTable(
  'user_reports',
  {
    id: idColumn(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The message the reporter pointed at, when they reported one (the admin sees it in context). */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', tz),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('user_reports_status_idx').on(t.status, t.createdAt),
    check('user_reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('user_reports_reason_check', sql`length(${t.reason}) between 1 and 1000`),
  ],
);

/** The audit trail of a report: every admin action on it (who, when, what, note). */
export const reportActions = pgTable(
  'report_actions',
  {
    id: idColumn(),
    reportId: integer('report_id')
      .notNull()
      .references(() => userReports.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['warn', 'suspend', 'dismiss'] }).notNull(),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('report_actions_report_idx').on(t.reportId, t.createdAt),
    check('report_actions_action_check', sql`${t.action} in ('warn', 'suspend', 'dismiss')`),
    check('report_actions_note_check', sql`${t.note} is null or length(${t.note}) <= 1000`),
  ],
);

/** The last unread-message e-mail per conversation (recipient, other person): at most one an hour. */
export const messageEmailNotices = pgTable(
  'message_email_notices',
  {
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.otherId] })],
);
