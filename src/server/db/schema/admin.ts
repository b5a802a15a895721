import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './columns';
import { users } from './users';

/**
 * What admins did (owned by the admin feature): who, what, to which record, when, and the record before
 * and after. Written in the same transaction as the change.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: idColumn(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', tz).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_subject_idx').on(t.subjectType, t.subjectId, t.at)],
);
