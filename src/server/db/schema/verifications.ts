import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const tz = { withTimezone: true, mode: 'date' } as const;

/** spec §3 verifications, one per user. Tokens and OTPs are stored hashed. */
export const verifications = pgTable(
  'verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    addressVerified: boolean('address_verified').notNull().default(false),
    idVerified: boolean('id_verified').notNull().default(false),
    selfieVerified: boolean('selfie_verified').notNull().default(false),
    backgroundCheckVerified: boolean('background_check_verified').notNull().default(false),
    emailToken: text('email_token'),
    phoneOtp: text('phone_otp'),
    phoneOtpExpiry: timestamp('phone_otp_expiry', tz),
    idDocumentUrl: text('id_document_url'),
    selfieUrl: text('selfie_url'),
    addressProofUrl: text('address_proof_url'),
    verificationNotes: text('verification_notes'),
    rejectionReason: text('rejection_reason'),
    verifiedAt: timestamp('verified_at', tz),
    verifiedBy: integer('verified_by').references(() => users.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verifications_user_id_key').on(t.userId)],
);
