import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { EMERGENCY_KINDS } from '../../../shared/contracts/emergencies';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * Parish emergencies (ADR 0030): parishes, a window, a public message. declared_at null: prepared, not in
 * force (the demo's); ended_at: an admin ended it early. In force: declared, not ended, ends_at in the future.
 */
export const emergencies = pgTable(
  'emergencies',
  {
    id: idColumn(),
    kind: text('kind', { enum: EMERGENCY_KINDS }).notNull(),
    parishes: text('parishes').array().notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    message: text('message').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    declaredAt: timestamp('declared_at', tz),
    endedAt: timestamp('ended_at', tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('emergencies_in_force_idx')
      .on(t.endsAt)
      .where(sql`${t.endedAt} is null and ${t.declaredAt} is not null`),
    check('emergencies_kind_check', sql`${t.kind} in ('hurricane', 'curfew', 'flooding', 'other')`),
    check('emergencies_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('emergencies_parishes_check', sql`cardinality(${t.parishes}) > 0`),
  ],
);
