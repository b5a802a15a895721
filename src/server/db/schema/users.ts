import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_CURRENCY, MEMBER_CURRENCIES } from '../../../shared/fx';
import { DEFAULT_TIME_ZONE } from '../../../shared/member-time';
import { createdAtColumn, idColumn, tz } from './columns';

/** docs/product.md#records users, plus parish (derived from the town) and suspension (login throttling: core/rate-limits, ADR 0010). */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    /** sha256 of the reset token; the token itself is never stored. */
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', tz),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type', { enum: ['family', 'caregiver', 'admin'] }).notNull(),
    phone: text('phone'),
    /** The town, as the spec's `location`. */
    location: text('location'),
    parish: text('parish'),
    profileImageUrl: text('profile_image_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('pending'),
    suspendedAt: timestamp('suspended_at', tz),
    /** The IANA zone the member reads times in (beside Jamaica time), and the currency of their estimates. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    currency: text('currency', { enum: MEMBER_CURRENCIES }).notNull().default(DEFAULT_CURRENCY),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_reset_token_key').on(t.resetToken),
    index('users_user_type_idx').on(t.userType),
    check('users_user_type_check', sql`${t.userType} in ('family', 'caregiver', 'admin')`),
    check('users_currency_check', sql`${t.currency} in ('JMD', 'USD', 'GBP', 'CAD', 'EUR')`),
    check('users_time_zone_check', sql`length(${t.timeZone}) between 1 and 64`),
  ],
);

/** Opaque session tokens, stored only as a sha256 hash; expire after 30 idle days. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    revokedAt: timestamp('revoked_at', tz),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Mail kept while no SMTP server is configured. Never sent later and never marked: with SMTP_URL mail goes
 * straight to the server and nothing is written here (a delivery outbox with statuses is issue 20).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
