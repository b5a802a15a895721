import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** The review state of a whole verification record (users.verification_status mirrors it). */
export const VERIFICATION_STATUSES = ['pending', 'submitted', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The steps an admin approves or rejects. */
export const VERIFICATION_STEPS = ['email', 'phone', 'id', 'selfie', 'address', 'background'] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

export interface StepReview {
  approved: boolean;
  reason: string | null;
  by: number;
  at: string;
}
export type StepReviews = Partial<Record<VerificationStep, StepReview>>;

export interface CharacterReference {
  name: string;
  relationship: string;
  phone: string;
}

/**
 * docs/product.md#records verifications, one per user, plus the review workflow. Tokens and OTPs are stored hashed.
 * emailVerified/phoneVerified are set when the user proves them; the id, selfie, address and background
 * flags are set when an admin approves that step.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    addressVerified: boolean('address_verified').notNull().default(false),
    idVerified: boolean('id_verified').notNull().default(false),
    selfieVerified: boolean('selfie_verified').notNull().default(false),
    backgroundCheckVerified: boolean('background_check_verified').notNull().default(false),
    /** sha256 of the e-mail link's token. */
    emailToken: text('email_token'),
    emailTokenExpiry: timestamp('email_token_expiry', tz),
    /** sha256 of the SMS code. */
    phoneOtp: text('phone_otp'),
    phoneOtpExpiry: timestamp('phone_otp_expiry', tz),
    phoneOtpAttempts: integer('phone_otp_attempts').notNull().default(0),
    phoneOtpSentAt: timestamp('phone_otp_sent_at', tz),
    /** The number the code was sent to (E.164); becomes the account's phone once verified. */
    phone: text('phone'),
    idDocumentUrl: text('id_document_url'),
    selfieUrl: text('selfie_url'),
    addressProofUrl: text('address_proof_url'),
    address: text('address'),
    idNumber: text('id_number'),
    emergencyContact: text('emergency_contact'),
    verificationNotes: text('verification_notes'),
    /** Issue date of the police record (certificate of character, Jamaica Constabulary Force). */
    policeRecordIssuedAt: date('police_record_issued_at'),
    policeRecordReminderSentAt: timestamp('police_record_reminder_sent_at', tz),
    references: jsonb('references').$type<CharacterReference[]>().notNull().default([]),
    consentAt: timestamp('consent_at', tz),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    submittedAt: timestamp('submitted_at', tz),
    /** The admin's latest decision per step; a step the user redoes loses its decision. */
    reviews: jsonb('reviews').$type<StepReviews>().notNull().default({}),
    rejectionReason: text('rejection_reason'),
    verifiedAt: timestamp('verified_at', tz),
    verifiedBy: integer('verified_by').references(() => users.id),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verifications_user_id_key').on(t.userId),
    uniqueIndex('verifications_email_token_key').on(t.emailToken),
    index('verifications_status_idx').on(t.status, t.submittedAt),
    check('verifications_status_check', sql`${t.status} in ('pending', 'submitted', 'approved', 'rejected')`),
  ],
);

export const DOCUMENT_TYPES = ['id', 'selfie', 'address', 'police'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Uploaded identity documents: bytes in private storage, only the key here. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('verification_documents_user_idx').on(t.userId, t.type, t.createdAt),
    uniqueIndex('verification_documents_storage_key_key').on(t.storageKey),
    check('verification_documents_type_check', sql`${t.type} in ('id', 'selfie', 'address', 'police')`),
  ],
);

/** Every admin decision, kept for the record (the latest per step also sits in verifications.reviews). */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step', { enum: VERIFICATION_STEPS }).notNull(),
    approved: boolean('approved').notNull(),
    reason: text('reason'),
    decidedBy: integer('decided_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('verification_decisions_user_idx').on(t.userId, t.createdAt)],
);
