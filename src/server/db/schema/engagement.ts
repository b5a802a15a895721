import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { caregivers } from './caregivers';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** A family's favourite caregivers (the heart on cards and profiles). */
export const favourites = pgTable(
  'favourites',
  {
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'favourites_pkey', columns: [t.familyId, t.caregiverId] }),
    index('favourites_caregiver_id_idx').on(t.caregiverId),
  ],
);

/**
 * One row per (caregiver, visitor, Jamaican day): a profile view counts once per visitor per day.
 * visitor is `u:<userId>` for a signed-in user, else `v:<random cookie id>`.
 */
export const profileViews = pgTable(
  'profile_views',
  {
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'profile_views_pkey', columns: [t.caregiverId, t.day, t.visitor] })],
);

/** The caregiver's private rating of the family for a booking (never shown to the family). */
export const familyRatings = pgTable(
  'family_ratings',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('family_ratings_booking_id_key').on(t.bookingId),
    index('family_ratings_family_id_idx').on(t.familyId),
    check('family_ratings_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** How long a caregiver took to answer a booking request (written when they accept or decline). */
export const bookingResponses = pgTable(
  'booking_responses',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', tz).notNull(),
    answeredAt: timestamp('answered_at', tz).notNull(),
  },
  (t) => [index('booking_responses_caregiver_idx').on(t.caregiverId, t.answeredAt)],
);

/** Review e-mail reminders already sent (one per booking). */
export const reviewReminders = pgTable('review_reminders', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', tz).notNull().defaultNow(),
});
