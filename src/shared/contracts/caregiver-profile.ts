import {
  AVAILABILITY_SLOTS,
  CAREGIVER_KIND_VALUES,
  FILTER_AVAILABILITY,
  findTown,
  WEEKDAYS,
} from '../catalog';
import { CurrencyField, PhoneField, TimeZoneField, TownField } from './auth';
import { knownParish } from './common';
import { z } from './zod';

/** Every availability value a profile may hold: the 24 onboarding slots and the search filter words. */
export const AVAILABILITY_VALUES = [
  ...new Set([
    'Available Now',
    ...FILTER_AVAILABILITY,
    ...AVAILABILITY_SLOTS,
    'Weekends',
    'Emergency/On-call',
  ]),
] as [string, ...string[]];

export const RATE_MIN = 100;
export const RATE_MAX = 100_000;

const TextList = (label: string, max: number) =>
  z
    .array(z.string().trim().min(1, `${label} cannot be empty`).max(80, `${label} is too long`), {
      error: `${label} must be a list`,
    })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .transform((list) => [...new Set(list)]);

export const BioField = z
  .string({ error: 'Bio is required' })
  .trim()
  .min(1, 'Bio is required')
  .max(2000, 'Bio must be at most 2000 characters');

/** Whole years; the onboarding options are 1, 2, 3, 4, 5, 6 (6-10 years) and 10 (10+ years). */
export const ExperienceField = z
  .number({ error: 'Experience is required' })
  .int('Experience is a whole number of years')
  .min(0, 'Experience must be 0 or more')
  .max(60, 'Experience must be at most 60 years');

/** JMD per hour: a number (or a numeric string, as the spec's shapes allow), kept to cents. */
export const HourlyRateField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, 'Hourly rate must be a number'),
    ],
    {
      error: 'Hourly rate is required',
    },
  )
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .min(RATE_MIN, `Hourly rate must be at least $${RATE_MIN} JMD`)
      .max(RATE_MAX, `Hourly rate must be at most $${RATE_MAX.toLocaleString('en-US')} JMD`),
  );

export const KindsField = z
  .array(z.enum(CAREGIVER_KIND_VALUES, { error: 'Unknown kind of care' }), {
    error: 'Choose the kinds of care you offer',
  })
  .min(1, 'Choose at least one kind of care')
  .max(CAREGIVER_KIND_VALUES.length)
  .transform((list) => [...new Set(list)]);

export const AvailabilityField = z
  .array(z.enum(AVAILABILITY_VALUES, { error: 'Unknown availability' }))
  .max(AVAILABILITY_VALUES.length)
  .transform((list) => [...new Set(list)]);

export const WeeklyAvailabilityField = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.boolean()])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodBoolean
  >,
  { error: 'Weekly availability must give every day, monday to sunday' },
);
export type WeeklyAvailability = z.infer<typeof WeeklyAvailabilityField>;

/** A parish from the catalog, written any case. */
export const ParishField = z.string().trim().transform(knownParish);

/** The town must lie in the parish, when both are given. */
const townInParish = (v: { location?: string; parish?: string }) =>
  !v.location || !v.parish || findTown(v.location)?.parish === v.parish;

const profileFields = {
  bio: BioField,
  experience: ExperienceField,
  hourlyRate: HourlyRateField,
  skills: TextList('Skills', 30),
  certifications: TextList('Certifications', 20),
  availability: AvailabilityField,
  kinds: KindsField,
  /** The town (spec `location`); the server derives the parish from it. */
  location: TownField,
  parish: ParishField,
  weeklyAvailability: WeeklyAvailabilityField,
};

/**
 * POST /api/caregivers: the onboarding wizard (docs/product.md#the-api-contract plus kinds, parish and town). The spec's own
 * payload has no kinds: without them the server guesses from skills and certifications and the
 * caregiver confirms the guess on the dashboard. Kinds that are sent must be valid.
 */
export const CreateCaregiverRequest = z
  .object({
    ...profileFields,
    skills: profileFields.skills.refine((l) => l.length > 0, 'Choose at least one skill'),
    kinds: profileFields.kinds.optional(),
    certifications: profileFields.certifications.default([]),
    availability: profileFields.availability.default([]),
    location: profileFields.location.optional(),
    parish: profileFields.parish.optional(),
    weeklyAvailability: profileFields.weeklyAvailability.optional(),
  })
  .refine(townInParish, { message: 'That town is not in the chosen parish', path: ['location'] });
export type CreateCaregiverRequest = z.input<typeof CreateCaregiverRequest>;

/** PATCH /api/caregivers/me: any subset, plus the 'Available for bookings' switch. */
export const UpdateCaregiverRequest = z
  .object({
    ...profileFields,
    skills: profileFields.skills.refine((l) => l.length > 0, 'Choose at least one skill'),
    isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change')
  .refine(townInParish, { message: 'That town is not in the chosen parish', path: ['location'] });
export type UpdateCaregiverRequest = z.input<typeof UpdateCaregiverRequest>;

/** The signed-in caregiver's own profile, everything they can edit and its public standing. */
export const MyCaregiverProfile = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string().nullable(),
  experience: z.number().int(),
  hourlyRate: z.string(),
  skills: z.array(z.string()),
  certifications: z.array(z.string()),
  availability: z.array(z.string()),
  kinds: z.array(z.string()),
  /**
   * False while the kinds are the server's guess (the profile was created without kinds): the dashboard
   * asks the caregiver to confirm or change them. Saving kinds confirms them.
   */
  kindsConfirmed: z.boolean(),
  weeklyAvailability: WeeklyAvailabilityField,
  isAvailable: z.boolean(),
  /** False while an admin has suspended the account: the profile is out of search. */
  isActive: z.boolean(),
  averageRating: z.string(),
  totalReviews: z.number().int(),
  location: z.string().nullable(),
  parish: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  verificationStatus: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyCaregiverProfile = z.infer<typeof MyCaregiverProfile>;

/** PATCH /api/users/me: the account details any user edits (families' whole profile). */
export const UpdateMeRequest = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(50, 'First name is too long'),
    lastName: z.string().trim().min(1, 'Last name is required').max(50, 'Last name is too long'),
    /** Empty clears it. */
    phone: PhoneField.transform((v) => v ?? null),
    location: TownField,
    /** Optional: the zone times are shown in beside Jamaica time ('America/Toronto'). */
    timeZone: TimeZoneField,
    /** Optional: the currency of estimates (JMD, USD, GBP, CAD, EUR). */
    currency: CurrencyField,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');
export type UpdateMeRequest = z.input<typeof UpdateMeRequest>;

export const PhotoResponse = z.object({ profileImageUrl: z.string(), thumbnailUrl: z.string() });
export type PhotoResponse = z.infer<typeof PhotoResponse>;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
