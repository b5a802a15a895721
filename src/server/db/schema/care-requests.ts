import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, CARE_REQUEST_STATUSES } from '../../../shared/contracts/care-requests';
import { bookings } from './bookings';
import { caregivers } from './caregivers';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * A family's care request (ADR 0038): what they need, where and when; open until filled, withdrawn or
 * 14 days after it was posted (expires_at, the expiry job). careDays are the weekdays it needs (the
 * weekly pattern, or the start date's day), which caregivers' weekly availability must cover to fit.
 * Text is stored with contact details already masked. The team shortlist (Premium) lives on the row.
 */
export const careRequests = pgTable(
  'care_requests',
  {
    id: idColumn(),
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    parish: text('parish').notNull(),
    town: text('town').notNull(),
    /** yyyy-MM-dd and HH:mm in Jamaica, as bookings keep them. */
    startDate: text('start_date').notNull(),
    startTime: text('start_time').notNull(),
    hours: integer('hours').notNull(),
    weekdays: text('weekdays').array().notNull().default(sql`'{}'::text[]`),
    careDays: text('care_days').array().notNull(),
    budgetMinJmd: integer('budget_min_jmd'),
    budgetMaxJmd: integer('budget_max_jmd'),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    status: text('status', { enum: CARE_REQUEST_STATUSES }).notNull().default('open'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    closedAt: timestamp('closed_at', tz),
    shortlistRequestedAt: timestamp('shortlist_requested_at', tz),
    shortlistPickedAt: timestamp('shortlist_picked_at', tz),
    shortlistNote: text('shortlist_note'),
    shortlistCaregiverIds: integer('shortlist_caregiver_ids').array().notNull().default(sql`'{}'::int[]`),
    shortlistPickedBy: integer('shortlist_picked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('care_requests_open_idx').on(t.parish, t.kind, t.expiresAt).where(sql`${t.status} = 'open'`),
    index('care_requests_family_idx').on(t.familyId, t.createdAt),
    index('care_requests_shortlist_idx')
      .on(t.shortlistRequestedAt)
      .where(sql`${t.shortlistRequestedAt} is not null and ${t.shortlistPickedAt} is null`),
    check('care_requests_status_check', sql`${t.status} in ('open', 'filled', 'withdrawn', 'expired')`),
    check('care_requests_hours_check', sql`${t.hours} between 1 and 12`),
    check(
      'care_requests_budget_check',
      sql`${t.budgetMinJmd} is null or ${t.budgetMaxJmd} is null or ${t.budgetMinJmd} <= ${t.budgetMaxJmd}`,
    ),
  ],
);

/** A caregiver's application to a care request: one per (request, caregiver); booked → its booking. */
export const careRequestApplications = pgTable(
  'care_request_applications',
  {
    id: idColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }).notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('applied'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('care_request_applications_request_caregiver_key').on(t.requestId, t.caregiverId),
    index('care_request_applications_caregiver_idx').on(t.caregiverId),
    check(
      'care_request_applications_status_check',
      sql`${t.status} in ('applied', 'booked', 'declined', 'withdrawn')`,
    ),
    check('care_request_applications_rate_check', sql`${t.hourlyRate} > 0`),
  ],
);
