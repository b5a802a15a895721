import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { tz } from './columns';

/** The one day-before reminder of a booking (issue 21); its row makes the reminders job idempotent. */
export const bookingReminders = pgTable('booking_reminders', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  sentAt: timestamp('sent_at', tz).notNull(),
});
