import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** Where a counter-proposal stands: open until the family side answers, or something else closes it. */
export const COUNTER_PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'replaced', 'closed'] as const;

/**
 * A caregiver's other time for a pending booking (ADR 0048): the family side accepts it (the booking moves
 * and is confirmed) or declines it (the booking stays as requested). One open proposal per booking.
 */
export const bookingCounterProposals = pgTable(
  'booking_counter_proposals',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    /** yyyy-MM-dd and HH:mm in Jamaica, as on bookings; startsAt/endsAt the same instants. */
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    duration: integer('duration').notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    note: text('note'),
    status: text('status', { enum: COUNTER_PROPOSAL_STATUSES }).notNull().default('open'),
    createdAt: createdAtColumn(),
    decidedAt: timestamp('decided_at', tz),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [
    index('booking_counter_proposals_booking_idx').on(t.bookingId, t.createdAt),
    // One open proposal per booking: a new one replaces the open one in the same transaction.
    uniqueIndex('booking_counter_proposals_one_open').on(t.bookingId).where(sql`${t.status} = 'open'`),
    check(
      'booking_counter_proposals_status_check',
      sql`${t.status} in ('open', 'accepted', 'declined', 'replaced', 'closed')`,
    ),
    check('booking_counter_proposals_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
