import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * A care circle: relatives who arrange care for one person (the recipient, kept inline: one per circle).
 * Roles are per circle, on circle_members (ADR 0024).
 */
export const careCircles = pgTable('care_circles', {
  id: idColumn(),
  name: text('name').notNull(),
  recipientFirstName: text('recipient_first_name').notNull(),
  recipientLastName: text('recipient_last_name'),
  recipientParish: text('recipient_parish').notNull(),
  recipientTown: text('recipient_town').notNull(),
  recipientAddress: text('recipient_address'),
  recipientNeeds: text('recipient_needs'),
  recipientNotes: text('recipient_notes'),
  emergencyContactName: text('emergency_contact_name'),
  emergencyContactPhone: text('emergency_contact_phone'),
  approvalRequired: boolean('approval_required').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** A user's membership: roles ⊆ {coordinator, payer} (none: a viewer), some held only provisionally. */
export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => careCircles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    provisionalRoles: text('provisional_roles').array().notNull().default(sql`'{}'::text[]`),
    monthlyCapJmd: integer('monthly_cap_jmd'),
    /**
     * When this member took on the payer role by their own act (created the circle, accepted a payer
     * invitation, or set their own cap); null when another payer gave them the role and they have not acted
     * since. Only then does "a payer with no cap" stand as their consent to be charged (ADR 0039).
     */
    payerConsentedAt: timestamp('payer_consented_at', tz),
    joinedAt: timestamp('joined_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    index('circle_members_user_idx').on(t.userId),
    check('circle_members_roles_check', sql`${t.roles} <@ array['coordinator', 'payer']::text[]`),
    check('circle_members_provisional_check', sql`${t.provisionalRoles} <@ ${t.roles}`),
    check(
      'circle_members_cap_check',
      sql`${t.monthlyCapJmd} is null or (${t.monthlyCapJmd} >= 0 and 'payer' = any(${t.roles}))`,
    ),
    check(
      'circle_members_payer_consent_check',
      sql`${t.payerConsentedAt} is null or 'payer' = any(${t.roles})`,
    ),
  ],
);

/** An invitation by e-mail; only the sha-256 of its token is kept. One open invitation per (circle, email). */
export const circleInvitations = pgTable(
  'circle_invitations',
  {
    id: idColumn(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => careCircles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['coordinator', 'payer', 'viewer'] }).notNull(),
    monthlyCapJmd: integer('monthly_cap_jmd'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    acceptedAt: timestamp('accepted_at', tz),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', tz),
  },
  (t) => [
    uniqueIndex('circle_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('circle_invitations_open_key')
      .on(t.circleId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('circle_invitations_email_idx').on(t.email),
    check('circle_invitations_role_check', sql`${t.role} in ('coordinator', 'payer', 'viewer')`),
    check('circle_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'circle_invitations_cap_check',
      sql`${t.monthlyCapJmd} is null or (${t.monthlyCapJmd} >= 0 and ${t.role} = 'payer')`,
    ),
  ],
);

/**
 * The monthly statement e-mail: one row per (circle, Jamaica month 'yyyy-MM', payer), written before the
 * mail is sent, so no payer gets a month's statement twice, whichever instance or run sends it (ADR 0026).
 */
export const circleStatementMails = pgTable(
  'circle_statement_mails',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => careCircles.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.month, t.userId] }),
    index('circle_statement_mails_user_idx').on(t.userId),
    check('circle_statement_mails_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
