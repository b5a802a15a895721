import { integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What the onboarding wizard's values look like while unfinished (validated by OnboardingDraftValues). */
export type OnboardingDraftData = Record<string, string | string[]>;

/**
 * A caregiver's unfinished onboarding wizard: one row per user, saved on each Next, deleted when the
 * profile is created. jsonb because the values are the form's, partial and unvalidated as a profile.
 */
export const caregiverOnboardingDrafts = pgTable('caregiver_onboarding_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: smallint('step').notNull().default(0),
  values: jsonb('values').$type<OnboardingDraftData>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
