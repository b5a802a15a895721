import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { caregivers } from './caregivers';
import { tz } from './columns';

/**
 * Each caregiver's reliability record over the last 12 months (ADR 0035), stored for speed and recomputed
 * from the events (bookings, booking_events, visit_entries, visit_no_show_notices): never incremented, so
 * a repeated or late refresh cannot count twice. The score is copied to caregivers.reliability_score,
 * where the search's "Most reliable" order reads it from an index.
 */
export const caregiverReliability = pgTable(
  'caregiver_reliability',
  {
    caregiverId: integer('caregiver_id')
      .primaryKey()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    completed: integer('completed').notNull().default(0),
    lateCancellations: integer('late_cancellations').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    checkIns: integer('check_ins').notNull().default(0),
    onTimeCheckIns: integer('on_time_check_ins').notNull().default(0),
    score: numeric('score', { precision: 5, scale: 4 }).notNull(),
    computedAt: timestamp('computed_at', tz).notNull(),
  },
  (t) => [
    check('caregiver_reliability_score_check', sql`${t.score} between 0 and 1`),
    check('caregiver_reliability_on_time_check', sql`${t.onTimeCheckIns} <= ${t.checkIns}`),
  ],
);
