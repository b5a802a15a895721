import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { EXCEPTION_KINDS } from '../../../shared/free-time';
import { caregivers } from './caregivers';
import { createdAtColumn, idColumn } from './columns';

/**
 * Dated exceptions to a caregiver's weekly pattern (ADR 0046): time off ('time_off': whole days from
 * from_date to to_date, or start_time–end_time on each of them) and extra hours ('extra': one date, with
 * times). Dates and times are Jamaica's, as the caregiver wrote them.
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: idColumn(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Search, profiles and bookings read a caregiver's exceptions that have not ended.
    index('availability_exceptions_caregiver_idx').on(t.caregiverId, t.toDate),
    check('availability_exceptions_kind_check', sql`${t.kind} in ('time_off', 'extra')`),
    check('availability_exceptions_range_check', sql`${t.toDate} >= ${t.fromDate}`),
    check(
      'availability_exceptions_times_check',
      sql`(${t.startTime} is null) = (${t.endTime} is null) and (${t.kind} = 'time_off' or ${t.startTime} is not null)`,
    ),
  ],
);
