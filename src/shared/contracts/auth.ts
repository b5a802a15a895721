import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { findTown, ROLES, USER_TYPES } from '../catalog';
import { MEMBER_CURRENCIES } from '../fx';
import { canonicalTimeZone, TIME_ZONE_MAX } from '../member-time';
import { z } from './zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EmailField = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

/** The one password rule for signup, reset and change (the common-password check runs on the server). */
export const NewPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

const NameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`);

/** A town from the catalog; the server derives the parish from it. */
export const TownField = z
  .string({ error: 'Location is required' })
  .trim()
  .min(1, 'Location is required')
  .refine((v) => findTown(v) !== undefined, 'Choose a town from the list');

/** Optional phone; Jamaican numbers may be written locally (876-555-1234), stored in E.164. */
export const PhoneField = z
  .string()
  .trim()
  .max(30, 'Phone number is too long')
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const parsed = parsePhoneNumberFromString(v, 'JM');
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, e.g. 876-555-1234' });
      return z.NEVER;
    }
    return parsed.number;
  });

/** An IANA time zone Intl knows ('America/Toronto'), kept with its case corrected; offsets are refused. */
export const TimeZoneField = z
  .string({ error: 'Time zone must be text' })
  .trim()
  .max(TIME_ZONE_MAX, 'Time zone is too long')
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: 'Choose a time zone from the list, e.g. America/Toronto' });
      return z.NEVER;
    }
    return zone;
  });

/** The currency a member reads estimates in (JMD: none; charges are always in JMD). */
export const CurrencyField = z.enum(MEMBER_CURRENCIES, {
  error: 'Choose JMD, USD, GBP, CAD or EUR',
});

export const SignupRequest = z.object({
  userType: z.enum(USER_TYPES, { error: "Please select whether you're a family or caregiver." }),
  firstName: NameField('First name'),
  lastName: NameField('Last name'),
  email: EmailField,
  location: TownField,
  phone: PhoneField,
  password: NewPasswordField,
});
export type SignupRequest = z.input<typeof SignupRequest>;

export const LoginRequest = z.object({
  email: EmailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: EmailField });

const ConfirmPasswordField = z
  .string({ error: 'Please confirm your password' })
  .min(1, 'Please confirm your password');
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
const PASSWORDS_DIFFER = { message: "Passwords don't match", path: ['confirmPassword'] };

export const ResetPasswordRequest = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
    newPassword: NewPasswordField,
    confirmPassword: ConfirmPasswordField,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

export const ChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024),
    newPassword: NewPasswordField,
    confirmPassword: ConfirmPasswordField,
  })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

/** The user as the auth calls answer it (docs/product.md#records), plus parish and role-aware userType. */
export const PublicUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(ROLES),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  parish: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  verificationStatus: z.string(),
  createdAt: z.string(),
  /** The IANA zone the user reads times in beside Jamaica time (default America/Jamaica). */
  timeZone: z.string(),
  /** The currency of the user's estimates (default JMD: none shown). */
  currency: z.enum(MEMBER_CURRENCIES),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const AuthResponse = z.object({ token: z.string(), user: PublicUser });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** Only the message, in every mode: the reset link goes to the mailbox, never to the requester (ADR 0011). */
export const ForgotPasswordResponse = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** What the web app needs to know about the server before the first screen. */
export const AppConfigResponse = z.object({
  demoMode: z.boolean(),
  supportEmail: z.string(),
  /** The support line in E.164, e.g. +18765550100. */
  supportPhone: z.string(),
  /** The YaadCare Support account: 'Chat with support' links to /chat/{supportUserId}. */
  supportUserId: z.number().int(),
  /**
   * How the card provider takes card details (ADR 0053): 'hosted-fields' (the sandbox's fields) or
   * 'hosted-page' (PowerTranz's hosted page and 3-D Secure, started with POST /api/bookings/:id/hosted-payment).
   * Optional: absent means hosted fields.
   */
  cardEntry: z.enum(['hosted-fields', 'hosted-page']).optional(),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;
