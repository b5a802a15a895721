import { PhoneField } from './auth';
import { CalendarDate, Id } from './common';
import { z } from './zod';

export const VERIFICATION_STEPS = ['email', 'phone', 'id', 'selfie', 'address', 'background'] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];
export const STEP_LABELS: Record<VerificationStep, string> = {
  email: 'Email',
  phone: 'Phone',
  id: 'Government ID',
  selfie: 'Selfie',
  address: 'Proof of address',
  background: 'Police record and references',
};

export const DOCUMENT_TYPES = ['id', 'selfie', 'address', 'police'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** ID, address proof and police record: a photo or a PDF; a selfie: a photo only. */
export const DOCUMENT_ACCEPT: Record<DocumentType, string> = {
  id: 'image/jpeg,image/png,image/webp,application/pdf',
  address: 'image/jpeg,image/png,image/webp,application/pdf',
  police: 'image/jpeg,image/png,image/webp,application/pdf',
  selfie: 'image/jpeg,image/png,image/webp',
};

export const VERIFICATION_STATUSES = ['pending', 'submitted', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A police record older than this is stale; the caregiver is reminded this many days before. */
export const POLICE_RECORD_VALID_MONTHS = 12;
export const POLICE_RECORD_REMINDER_DAYS = 30;

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const EMAIL_TOKEN_TTL_HOURS = 24;

export const MESSAGES = {
  invalidEmailToken: 'Invalid or expired verification token.',
  invalidOtp: 'Invalid or expired OTP.',
} as const;

/** The spec's calls send a userId; YaadCare acts for the signed-in user and refuses anyone else's id. */
const OptionalUserId = Id('userId').optional();

export const CreateVerificationRequest = z.object({ userId: Id('userId') });
export const UserIdParam = z.object({ userId: Id('userId') });

export const EmailSendRequest = z.object({ userId: OptionalUserId }).default({});
export const EmailVerifyRequest = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
});
export const PhoneSendRequest = z
  .object({ userId: OptionalUserId, phone: PhoneField })
  .default({ userId: undefined, phone: undefined });
export const PhoneVerifyRequest = z.object({
  userId: OptionalUserId,
  otp: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

const IsoDate = CalendarDate('Use a date like 2025-03-31');

export const ReferenceField = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  relationship: z
    .string({ error: 'Relationship is required' })
    .trim()
    .min(1, 'Relationship is required')
    .max(60),
  phone: PhoneField.refine((v) => v !== undefined, 'Phone is required'),
});
export type Reference = z.infer<typeof ReferenceField>;

const AddressField = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(300, 'Address is too long');
const IdNumberField = z
  .string({ error: 'ID number is required' })
  .trim()
  .min(1, 'ID number is required')
  .max(40, 'ID number is too long');
const EmergencyContactField = z
  .string({ error: 'Emergency contact is required' })
  .trim()
  .min(1, 'Emergency contact is required')
  .max(200, 'Emergency contact is too long');
const NotesField = z.string().trim().max(2000, 'Notes are too long');

/** PATCH /api/verification/details: what a step's Continue saves. */
export const VerificationDetailsRequest = z
  .object({
    address: AddressField,
    idNumber: IdNumberField,
    emergencyContact: EmergencyContactField,
    notes: NotesField,
    policeRecordIssuedAt: IsoDate,
    references: z.array(ReferenceField).max(2, 'Give two references'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field');

/** POST /api/verification/submit: the whole record for review. */
export const VerificationSubmitRequest = z.object({
  address: AddressField,
  idNumber: IdNumberField,
  emergencyContact: EmergencyContactField,
  notes: NotesField.optional(),
  policeRecordIssuedAt: IsoDate,
  references: z
    .array(ReferenceField, { error: 'Give two references' })
    .length(2, 'Give two references: name, relationship and phone'),
  consent: z.literal(true, { error: 'Please agree to the background check' }),
});
export type VerificationSubmitRequest = z.input<typeof VerificationSubmitRequest>;

export const StepState = z.object({
  /** todo: not done yet; done: done by the user, awaiting an admin's review; approved; rejected (see reason). */
  state: z.enum(['todo', 'done', 'approved', 'rejected']),
  reason: z.string().nullable(),
});

/**
 * The state of each of the six steps: an object with one property per step. (A record keyed by the step
 * enum validates the same, but its OpenAPI 3.0 form lists required keys it never defines.)
 */
export const StepStates = z.strictObject(
  Object.fromEntries(VERIFICATION_STEPS.map((step) => [step, StepState])) as Record<
    VerificationStep,
    typeof StepState
  >,
);

export const VerificationDocument = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Only the owner and admins can fetch it; it answers as an attachment. */
  url: z.string(),
});
export type VerificationDocument = z.infer<typeof VerificationDocument>;

/** The six yes/no flags of a verification record. */
export const VERIFICATION_FLAGS = [
  'emailVerified',
  'phoneVerified',
  'idVerified',
  'selfieVerified',
  'addressVerified',
  'backgroundCheckVerified',
] as const;
export type VerificationFlags = Record<(typeof VERIFICATION_FLAGS)[number], boolean>;

/** Every flag set to `value` (a record nobody has started, or one approved in full). */
export const allVerificationFlags = (value: boolean): VerificationFlags =>
  Object.fromEntries(VERIFICATION_FLAGS.map((f) => [f, value])) as VerificationFlags;

/** GET /api/verification/{userId}: the six flags of docs/product.md#records plus the review workflow. */
export const VerificationState = z.object({
  userId: z.number().int(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  idVerified: z.boolean(),
  selfieVerified: z.boolean(),
  addressVerified: z.boolean(),
  backgroundCheckVerified: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  submittedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  idNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  notes: z.string().nullable(),
  policeRecordIssuedAt: z.string().nullable(),
  /** The day the police record turns 12 months old. */
  policeRecordExpiresOn: z.string().nullable(),
  policeRecordStale: z.boolean(),
  references: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
  consent: z.boolean(),
  phoneCodeSentAt: z.string().nullable(),
  steps: StepStates,
  documents: z.array(VerificationDocument),
});
export type VerificationState = z.infer<typeof VerificationState>;

/** Only the message, in every mode: the link and the code reach the mailbox and the phone only (ADR 0011). */
export const EmailSendResponse = z.object({ message: z.string() });
export const PhoneSendResponse = z.object({ message: z.string() });
export const UploadResponse = z.object({ message: z.string(), document: VerificationDocument });
