import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { VISIT_ENTRY_KINDS, type VisitEntryDetails } from '../../../shared/contracts/visits';
import { bookings } from './bookings';
import { idColumn, tz } from './columns';
import { users } from './users';

/**
 * The visit log (ADR 0028): a booking's check-in, check-out and the entries recorded during the visit.
 * clientId is made on the phone; (booking, clientId) is unique so an offline queue syncs exactly once. A
 * booking has at most one check-in and one check-out. No position is kept: only, with the caregiver's
 * consent, the accuracy the phone reported on check-in/out.
 */
export const visitEntries = pgTable(
  'visit_entries',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind', { enum: VISIT_ENTRY_KINDS }).notNull(),
    clientId: text('client_id').notNull(),
    /** Who recorded it (null once the account is deleted). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<VisitEntryDetails>().notNull().default({}),
    /** The phone's time as sent (within 24 hours behind and 5 minutes ahead of the server's). */
    recordedAt: timestamp('recorded_at', tz).notNull(),
    /** The server's clock when the write arrived. */
    receivedAt: timestamp('received_at', tz).notNull(),
    /**
     * The time the rules use (billing, lateness, reliability, the log's order): receivedAt, or the phone's time
     * when it lies within the offline allowance (ADR 0040).
     */
    effectiveAt: timestamp('effective_at', tz).notNull(),
    locationAccuracyM: integer('location_accuracy_m'),
    /** A photo's image in file storage (a random key, never shown to anyone: served by an access-checked route). */
    storageKey: text('storage_key'),
  },
  (t) => [
    uniqueIndex('visit_entries_client_id_key').on(t.bookingId, t.clientId),
    uniqueIndex('visit_entries_check_in_key').on(t.bookingId).where(sql`${t.kind} = 'check_in'`),
    uniqueIndex('visit_entries_check_out_key').on(t.bookingId).where(sql`${t.kind} = 'check_out'`),
    index('visit_entries_booking_idx').on(t.bookingId, t.effectiveAt),
    check(
      'visit_entries_kind_check',
      sql`${t.kind} in ('check_in', 'check_out', 'note', 'meal', 'medication', 'vitals', 'activity', 'incident', 'photo')`,
    ),
    check('visit_entries_storage_key_check', sql`(${t.storageKey} is not null) = (${t.kind} = 'photo')`),
    check(
      'visit_entries_location_check',
      sql`${t.locationAccuracyM} is null or ${t.kind} in ('check_in', 'check_out')`,
    ),
  ],
);

/** The one "no-show?" notice of a booking (its row makes the job idempotent). */
export const visitNoShowNotices = pgTable('visit_no_show_notices', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  sentAt: timestamp('sent_at', tz).notNull(),
});

/**
 * When the server heard from a visit's caregiver about that visit (reads of its log; the entries' receivedAt
 * count too): the server-side evidence of when the phone lost contact, which bounds how far back an entry
 * synced late may be dated (ADR 0040).
 */
export const visitContacts = pgTable(
  'visit_contacts',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId, t.at] })],
);
