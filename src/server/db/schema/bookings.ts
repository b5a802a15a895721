import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPROVAL_REASONS, APPROVAL_STATES, BOOKING_STATUS_VALUES } from '../../../shared/booking-rules';
import { bookingSeries } from './booking-series';
import { caregivers } from './caregivers';
import { careCircles } from './circles';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** The statuses a booking can be in (one list: src/shared/booking-rules.ts). */
export const BOOKING_STATUSES = BOOKING_STATUS_VALUES;

/**
 * docs/product.md#records bookings. date/startTime/endTime keep the spec's text shapes (yyyy-MM-dd, HH:mm in Jamaica);
 * startsAt/endsAt are the same instants as timestamptz for ordering and overlap rules.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    duration: integer('duration').notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }).notNull(),
    platformFee: numeric('platform_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    totalCost: numeric('total_cost', { precision: 10, scale: 2 }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    notes: text('notes'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** When each state was reached (null until then); who cancelled (family or caregiver user id). */
    confirmedAt: timestamp('confirmed_at', tz),
    declinedAt: timestamp('declined_at', tz),
    expiredAt: timestamp('expired_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    /**
     * Why the system cancelled it (null: a party did): 'unpaid' = not paid 24 h before the start (ADR 0032);
     * 'no_show' = no check-in and the family booked a backup instead (ADR 0034);
     * 'trial_ended' = a side ended the relationship after a trial visit: no fee for anyone (ADR 0048).
     */
    cancelReason: text('cancel_reason', { enum: ['unpaid', 'no_show', 'trial_ended'] }),
    completedAt: timestamp('completed_at', tz),
    /** Booked by a coordinator for a care circle's recipient (null: for the family's own household). */
    circleId: integer('circle_id').references(() => careCircles.id),
    /** Null when no approval was needed; else awaiting → approved or declined by a payer (ADR 0025). */
    approvalState: text('approval_state', { enum: APPROVAL_STATES }),
    approvalReason: text('approval_reason', { enum: APPROVAL_REASONS }),
    approvalBy: integer('approval_by').references(() => users.id, { onDelete: 'set null' }),
    approvalAt: timestamp('approval_at', tz),
    /** A visit of a recurring booking (ADR 0027); null for a single booking. */
    seriesId: integer('series_id').references(() => bookingSeries.id),
    /** When the family last moved it to another time (it went back to the caregiver: ADR 0031). */
    rescheduledAt: timestamp('rescheduled_at', tz),
    /** The booking this one replaces: its caregiver dropped out and the family chose this backup (ADR 0034). */
    rebookedFrom: integer('rebooked_from').references((): AnyPgColumn => bookings.id),
    /** A first paid visit marked a trial (at most 3 hours, ADR 0048). */
    isTrial: boolean('is_trial').notNull().default(false),
    /** When a side ended the relationship after this (completed) trial, and who (ADR 0048). */
    trialEndedAt: timestamp('trial_ended_at', tz),
    trialEndedBy: integer('trial_ended_by').references(() => users.id),
  },
  (t) => [
    index('bookings_family_id_idx').on(t.familyId, t.startsAt),
    index('bookings_circle_id_idx').on(t.circleId, t.startsAt),
    index('bookings_status_idx').on(t.status, t.startsAt),
    index('bookings_caregiver_id_idx').on(t.caregiverId, t.startsAt),
    index('bookings_series_id_idx').on(t.seriesId, t.startsAt),
    // One live backup per dropped booking: a double tap on "Book" makes one booking (ADR 0034).
    uniqueIndex('bookings_rebooked_from_key')
      .on(t.rebookedFrom)
      .where(
        sql`${t.rebookedFrom} is not null and ${t.status} in ('awaiting_approval', 'pending', 'confirmed', 'completed')`,
      ),
    check(
      'bookings_status_check',
      sql`${t.status} in ('awaiting_approval', 'pending', 'confirmed', 'declined', 'expired', 'cancelled', 'completed')`,
    ),
    check(
      'bookings_approval_check',
      sql`(${t.approvalState} is null) = (${t.approvalReason} is null) and (${t.approvalState} is null or ${t.circleId} is not null) and (${t.status} <> 'awaiting_approval' or ${t.approvalState} = 'awaiting')`,
    ),
    check('bookings_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Every state change of a booking: from (null on creation), to, who (null for the system) and when. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    fromStatus: text('from_status', { enum: BOOKING_STATUSES }),
    toStatus: text('to_status', { enum: BOOKING_STATUSES }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    at: timestamp('at', tz).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.at)],
);

/** docs/product.md#records reviews: one per booking. */
export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAtColumn(),
    /** Double-blind: set when both sides have reviewed or the 14 days after completion ended. */
    publishedAt: timestamp('published_at', tz),
    /** An admin hid it for breaking the rules (it no longer counts in the averages). */
    hiddenAt: timestamp('hidden_at', tz),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => users.id),
    /** The caregiver's one public reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', tz),
  },
  (t) => [
    uniqueIndex('reviews_booking_id_key').on(t.bookingId),
    index('reviews_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    index('reviews_caregiver_id_idx').on(t.caregiverId, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
