import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Search facets as bit masks. A filter on kinds, availability or skills walks an index in the order of
 * the results and tests each row; a bit test on an integer stored in that index costs a few nanoseconds,
 * where `text[] @>` costs a few hundred (measured: 3.4k vs 1.2k counts a second on 50,000 caregivers).
 * The masks are written by the trigger of migration 0003 from these lists: bit i = value i.
 * APPEND ONLY, and together with a migration that replaces yc_caregiver_search_fields() (same lists)
 * and re-saves every caregiver. Values outside the lists still filter, through the arrays (slower).
 */
export const KIND_FACETS = [
  'child-care',
  'babysitters',
  'tutors',
  'senior-care',
  'special-needs',
  'housekeepers',
  'janitors',
  'maintenance',
] as const;

export const AVAILABILITY_FACETS = [
  'Available Now',
  'Weekdays',
  'Weekends',
  'Evenings',
  'Mornings',
  'Afternoons',
  'Overnight',
  'Emergency/On-call',
  'Monday Morning',
  'Monday Afternoon',
  'Monday Evening',
  'Tuesday Morning',
  'Tuesday Afternoon',
  'Tuesday Evening',
  'Wednesday Morning',
  'Wednesday Afternoon',
  'Wednesday Evening',
  'Thursday Morning',
  'Thursday Afternoon',
  'Thursday Evening',
  'Friday Morning',
  'Friday Afternoon',
  'Friday Evening',
  'Saturday Morning',
  'Saturday Afternoon',
  'Saturday Evening',
  'Sunday Morning',
  'Sunday Afternoon',
  'Sunday Evening',
] as const;

/** Skills and certifications together: the skills filter counts certifications (a CPR certificate is a skill). */
export const QUALIFICATION_FACETS = [
  'Early Childhood Education',
  'First Aid Certified',
  'CPR Certified',
  'Arts & Crafts',
  'Meal Preparation',
  'Homework Help',
  'Special Needs Care',
  'Educational Support',
  'Behavioral Support',
  'Infant Care',
  'Cooking',
  'Light Housekeeping',
  'Toddler Care',
  'School Age Care',
  'Transportation',
  'Pet Care',
  'Overnight Care',
  'Emergency Care',
  'Educational Activities',
  'Child Development Associate (CDA)',
  'Nursing Assistant',
  'Teaching Credential',
  'Background Check Completed',
  'Reference Verified',
] as const;

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

/**
 * docs/product.md#records caregivers, plus the kinds offered and the 'available for bookings' switch.
 *
 * The search columns (user_*, *_mask, search_document) are copies and digests kept by the triggers of
 * migration 0003 — on every insert or update of a caregiver, and when the owner's users row changes —
 * so that every search filter reads one table and one index. Never write them: the trigger overwrites
 * them. Read users for what a screen shows.
 */
export const caregivers = pgTable(
  'caregivers',
  {
    id: idColumn(),
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
    /**
     * When the caregiver chose or confirmed their kinds; null while the kinds are a guess (a spec client
     * created the profile without kinds, so they were inferred from skills and certifications) and the
     * dashboard asks the caregiver to confirm them.
     */
    kindsConfirmedAt: timestamp('kinds_confirmed_at', tz).defaultNow(),
    /** Which days of the week the caregiver works (docs/product.md#screens-and-routes Profile: weekdays on, weekend off by default). */
    weeklyAvailability: jsonb('weekly_availability')
      .$type<WeeklyAvailability>()
      .notNull()
      .default(DEFAULT_WEEKLY_AVAILABILITY),
    averageRating: numeric('average_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** Copy of caregiver_reliability.score (ADR 0035; 0.9 = no record), for the "Most reliable" order. */
    reliabilityScore: numeric('reliability_score', { precision: 5, scale: 4 }).notNull().default('0.9000'),
    isActive: boolean('is_active').notNull().default(true),
    /** The caregiver's own 'Available for bookings' switch. */
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),

    // Kept by trigger (see above): the owner's users row…
    userFirstName: text('user_first_name').notNull().default(''),
    userLastName: text('user_last_name').notNull().default(''),
    userLocation: text('user_location'),
    userParish: text('user_parish'),
    userVerified: boolean('user_verified').notNull().default(false),
    userSuspended: boolean('user_suspended').notNull().default(false),
    // …the facet masks (bit i = *_FACETS[i])…
    kindsMask: integer('kinds_mask').notNull().default(0),
    availabilityMask: integer('availability_mask').notNull().default(0),
    qualificationsMask: bigint('qualifications_mask', { mode: 'bigint' }).notNull().default(sql`0`),
    /** …and the full-text document: name (weight A), kinds, skills and certifications (B), bio (C). */
    searchDocument: tsvector('search_document').notNull().default(sql`''::tsvector`),

    /** The profile page can be seen: active, and the owner is not suspended. */
    isPublic: boolean('is_public').notNull().generatedAlwaysAs(sql`is_active and not user_suspended`),
    /** Listed in search: public, and the 'available for bookings' switch is on. */
    isListed: boolean('is_listed')
      .notNull()
      .generatedAlwaysAs(sql`is_active and is_available and not user_suspended`),
  },
  (t) => {
    const listed = sql`${t.isListed}`;
    // Every filter column after the unique id: never changes the order, and lets the filters run on the
    // index alone (an index-only scan). B-tree suffix truncation keeps them out of the inner pages, so
    // they cost what INCLUDE would (which Drizzle cannot declare).
    const covered = [t.hourlyRate, t.experience, t.userVerified, t.kindsMask, t.availabilityMask] as const;
    return [
      uniqueIndex('caregivers_user_id_key').on(t.userId),
      check('caregivers_experience_check', sql`${t.experience} >= 0`),
      check('caregivers_hourly_rate_check', sql`${t.hourlyRate} > 0`),
      check('caregivers_average_rating_check', sql`${t.averageRating} between 0 and 5`),
      // Best rated first: relevance without q, sort=rating; counts without a parish.
      index('caregivers_search_rating_idx')
        .on(
          t.averageRating.desc(),
          t.totalReviews.desc(),
          t.id.desc(),
          ...covered,
          t.userParish,
          t.qualificationsMask,
        )
        .where(listed),
      // One parish (or a location that names one), best rated first.
      index('caregivers_search_parish_idx')
        .on(
          t.userParish,
          t.averageRating.desc(),
          t.totalReviews.desc(),
          t.id.desc(),
          ...covered,
          t.qualificationsMask,
        )
        .where(listed),
      // sort=rate_asc (forwards), sort=rate_desc (backwards), and rate ranges.
      index('caregivers_search_rate_idx')
        .on(
          t.hourlyRate,
          t.id,
          t.experience,
          t.userVerified,
          t.kindsMask,
          t.availabilityMask,
          t.userParish,
          t.qualificationsMask,
        )
        .where(listed),
      // sort=experience.
      index('caregivers_search_experience_idx')
        .on(
          t.experience.desc(),
          t.averageRating.desc(),
          t.totalReviews.desc(),
          t.id.desc(),
          t.hourlyRate,
          t.userVerified,
          t.kindsMask,
          t.availabilityMask,
          t.userParish,
          t.qualificationsMask,
        )
        .where(listed),
      // sort=reliability (ADR 0035): most reliable, then best rated.
      index('caregivers_search_reliability_idx')
        .on(
          t.reliabilityScore.desc(),
          t.averageRating.desc(),
          t.totalReviews.desc(),
          t.id.desc(),
          ...covered,
          t.userParish,
          t.qualificationsMask,
        )
        .where(listed),
      // A town.
      index('caregivers_search_town_idx')
        .on(t.userLocation, t.averageRating.desc(), t.totalReviews.desc(), t.id.desc())
        .where(listed),
      // A location that is no catalog name: prefix match on the town or parish, any letter case.
      index('caregivers_search_town_prefix_idx')
        .on(sql`lower(${t.userLocation}) text_pattern_ops`)
        .where(listed),
      index('caregivers_search_parish_prefix_idx')
        .on(sql`lower(${t.userParish}) text_pattern_ops`)
        .where(listed),
      // q: full text.
      index('caregivers_search_document_idx').using('gin', t.searchDocument).where(listed),
    ];
  },
);

/**
 * Every word (lower case, unstemmed) that occurs in a caregiver's search document, for typo-tolerant
 * search: a word of q that is not here is replaced by the most similar one that is (pg_trgm). Filled by
 * trigger; never pruned, so a word may outlive its last caregiver (it then simply matches nothing).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

/** docs/product.md#records caregiver_stats, one row per caregiver, kept by events. */
export const caregiverStats = pgTable(
  'caregiver_stats',
  {
    id: idColumn(),
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

/** docs/product.md#records badges: the catalog. */
export const badges = pgTable(
  'badges',
  {
    id: idColumn(),
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
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('badges_name_key').on(t.name),
    check('badges_rarity_check', sql`${t.rarity} in ('common', 'rare', 'epic', 'legendary')`),
  ],
);

/** docs/product.md#records caregiver_badges: earned badges and progress toward the others. */
export const caregiverBadges = pgTable(
  'caregiver_badges',
  {
    id: idColumn(),
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
