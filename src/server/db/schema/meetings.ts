import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  MEETING_MODES,
  MEETING_OUTCOMES,
  MEETING_PLACES,
  MEETING_STATUSES,
} from '../../../shared/contracts/meetings';
import { careRequests } from './care-requests';
import { caregivers } from './caregivers';
import { careCircles } from './circles';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * A short free meeting a family asks a caregiver for before booking (issue 33, ADR 0047). `requested` waits
 * for the caregiver, `proposed` for the family; the times on the table are `proposed_times` (ISO instants).
 * Confirmed: `starts_at`/`ends_at` are the agreed slot; a video meeting has its private room's name
 * (`video_room`, 128 random bits), joined to the configured base URL when shown. No money moves.
 * `outcome` is the family's private verdict after the meeting ('not_a_fit' is never shown to the caregiver).
 */
export const meetings = pgTable(
  'meetings',
  {
    id: idColumn(),
    /** The user who asked (a family, or a circle's coordinator or payer for `circle_id`). */
    familyId: integer('family_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => careCircles.id, { onDelete: 'set null' }),
    careRequestId: integer('care_request_id').references(() => careRequests.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: MEETING_MODES }).notNull(),
    minutes: integer('minutes').notNull(),
    place: text('place', { enum: MEETING_PLACES }),
    note: text('note'),
    status: text('status', { enum: MEETING_STATUSES }).notNull().default('requested'),
    proposedTimes: jsonb('proposed_times').$type<string[]>().notNull(),
    startsAt: timestamp('starts_at', tz),
    endsAt: timestamp('ends_at', tz),
    videoRoom: text('video_room'),
    declineReason: text('decline_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: MEETING_OUTCOMES }),
    outcomeAt: timestamp('outcome_at', tz),
    /** The one reminder an hour before (claimed by the job: sent once across instances). */
    reminderSentAt: timestamp('reminder_sent_at', tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_family_idx').on(t.familyId, t.createdAt),
    index('meetings_caregiver_idx').on(t.caregiverId, t.startsAt),
    index('meetings_circle_idx').on(t.circleId).where(sql`${t.circleId} is not null`),
    index('meetings_reminder_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
    check('meetings_minutes_check', sql`${t.minutes} in (15, 30)`),
    check(
      'meetings_status_check',
      sql`${t.status} in ('requested', 'proposed', 'confirmed', 'declined', 'cancelled', 'completed')`,
    ),
    check('meetings_mode_check', sql`${t.mode} in ('video', 'phone', 'in_person')`),
    check(
      'meetings_place_check',
      sql`(${t.mode} = 'in_person') = (${t.place} is not null) and (${t.place} is null or ${t.place} in ('public', 'family_home'))`,
    ),
    check(
      'meetings_confirmed_time_check',
      sql`${t.status} not in ('confirmed', 'completed') or (${t.startsAt} is not null and ${t.endsAt} > ${t.startsAt})`,
    ),
  ],
);
