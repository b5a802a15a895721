import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const tz = { withTimezone: true, mode: 'date' } as const;

export type WeeklyAvailability = Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  boolean
>;
export const DEFAULT_WEEKLY_AVAILABILITY: WeeklyAvailability = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};

/** spec §3 caregivers, plus the kinds offered and the 'available for bookings' switch. */
export const caregivers = pgTable(
  'caregivers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio'),
    experience: integer('experience').notNull().default(0),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }).notNull(),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    availability: text('availability').array().notNull().default(sql`'{}'::text[]`),
    kinds: text('kinds').array().notNull().default(sql`'{}'::text[]`),
    /** Which days of the week the caregiver works (spec §2 Profile: weekdays on, weekend off by default). */
    weeklyAvailability: jsonb('weekly_availability')
      .$type<WeeklyAvailability>()
      .notNull()
      .default(DEFAULT_WEEKLY_AVAILABILITY),
    averageRating: numeric('average_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The caregiver's own 'Available for bookings' switch. */
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('caregivers_user_id_key').on(t.userId),
    check('caregivers_experience_check', sql`${t.experience} >= 0`),
    check('caregivers_hourly_rate_check', sql`${t.hourlyRate} > 0`),
    check('caregivers_average_rating_check', sql`${t.averageRating} between 0 and 5`),
  ],
);

/** spec §3 caregiver_stats, one row per caregiver, kept by events. */
export const caregiverStats = pgTable(
  'caregiver_stats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    totalBookings: integer('total_bookings').notNull().default(0),
    completedBookings: integer('completed_bookings').notNull().default(0),
    totalHours: integer('total_hours').notNull().default(0),
    totalEarnings: numeric('total_earnings', { precision: 12, scale: 2 }).notNull().default('0'),
    responseTime: integer('response_time').notNull().default(0),
    profileViews: integer('profile_views').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    badgePoints: integer('badge_points').notNull().default(0),
    streakDays: integer('streak_days').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    lastActiveDate: date('last_active_date'),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('caregiver_stats_caregiver_id_key').on(t.caregiverId)],
);

/** spec §3 badges: the catalog. */
export const badges = pgTable(
  'badges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    category: text('category').notNull(),
    criteria: text('criteria').notNull(),
    points: integer('points').notNull().default(0),
    rarity: text('rarity', { enum: ['common', 'rare', 'epic', 'legendary'] })
      .notNull()
      .default('common'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('badges_name_key').on(t.name),
    check('badges_rarity_check', sql`${t.rarity} in ('common', 'rare', 'epic', 'legendary')`),
  ],
);

/** spec §3 caregiver_badges: earned badges and progress toward the others. */
export const caregiverBadges = pgTable(
  'caregiver_badges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: timestamp('earned_at', tz),
    progress: integer('progress').notNull().default(0),
    isCompleted: boolean('is_completed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('caregiver_badges_caregiver_badge_key').on(t.caregiverId, t.badgeId),
    index('caregiver_badges_badge_id_idx').on(t.badgeId),
    check('caregiver_badges_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
