import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SERIES_STATUS_VALUES, type SeriesConflict } from '../../../shared/booking-series';
import { caregivers } from './caregivers';
import { careCircles } from './circles';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * A recurring booking (ADR 0027): the weekly rule as asked, and its answer. Each visit is its own bookings
 * row (bookings.series_id), so every booking rule (no overlap, payments, the lifecycle job) holds per visit.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: idColumn(),
    /** Who booked (for a circle: the coordinator; the visits' family_id). */
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    circleId: integer('circle_id').references(() => careCircles.id),
    /** ISO weekdays, Monday 1 … Sunday 7, ascending. */
    weekdays: integer('weekdays').array().notNull(),
    /** 'HH:mm' in Jamaica. */
    startTime: text('start_time').notNull(),
    hours: integer('hours').notNull(),
    startDate: text('start_date').notNull(),
    /** Exactly one of end_date and visit_count, as the family gave the rule. */
    endDate: text('end_date'),
    visitCount: integer('visit_count'),
    status: text('status', { enum: SERIES_STATUS_VALUES }).notNull().default('requested'),
    notes: text('notes'),
    /** The dates of the rule left out because they clashed when it was booked. */
    skipped: jsonb('skipped').$type<SeriesConflict[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
  },
  (t) => [
    index('booking_series_family_idx').on(t.familyId, t.createdAt),
    index('booking_series_caregiver_idx').on(t.caregiverId, t.createdAt),
    index('booking_series_circle_idx').on(t.circleId),
    check(
      'booking_series_status_check',
      sql`${t.status} in ('requested', 'accepted', 'declined', 'cancelled', 'left')`,
    ),
    check('booking_series_end_check', sql`(${t.endDate} is null) <> (${t.visitCount} is null)`),
    check(
      'booking_series_weekdays_check',
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ array[1,2,3,4,5,6,7]`,
    ),
    check('booking_series_hours_check', sql`${t.hours} between 1 and 24`),
  ],
);
