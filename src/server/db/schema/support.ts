import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_CATEGORIES, SUPPORT_TICKET_STATUSES } from '../../../shared/contracts/support';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * Messages sent from the support page's form, by visitors (userId null) or signed-in users, and the
 * team's answer. The sender's name and e-mail are kept on the ticket: a visitor has no account.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: idColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_TICKET_STATUSES }).notNull().default('open'),
    /** Sent by a family whose plan includes priority support (issue 21): first in the admin queue. */
    priority: boolean('priority').notNull().default(false),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', tz),
    closedAt: timestamp('closed_at', tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.createdAt),
    index('support_tickets_user_idx').on(t.userId, t.createdAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check(
      'support_tickets_category_check',
      sql`${t.category} in ('getting-started', 'bookings', 'payments', 'safety', 'caregivers', 'account')`,
    ),
  ],
);
