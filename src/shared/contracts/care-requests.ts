import { FIRST_START_HOUR, LAST_START_HOUR, parseClock } from '../booking-rules';
import { CAREGIVER_KIND_VALUES, PARISHES, WEEKDAYS } from '../catalog';
import { CalendarDate, Id, NumberLike } from './common';
import { z } from './zod';

/**
 * Care requests (issue 21, docs/decisions/0038-care-requests.md): a family posts what it needs, caregivers
 * whose kind, parish and days fit apply with a message and a rate, and the family books one in one step.
 */
export const CARE_REQUEST_RULES = {
  /** An open request closes by itself this many days after it was posted. */
  openDays: 14,
  maxDescription: 2000,
  minDescription: 20,
  maxMessage: 1000,
  maxHours: 12,
  /** Posting: at most this many requests per family per day. */
  postsPerDay: 5,
  /** Applying: at most this many applications per caregiver per hour. */
  applicationsPerHour: 20,
  /** Rates a caregiver may ask, JMD per hour. */
  minRate: 100,
  maxRate: 100_000,
  /** The team picks at most this many caregivers for a shortlist. */
  maxShortlist: 3,
} as const;

export const CARE_REQUEST_STATUSES = ['open', 'filled', 'withdrawn', 'expired'] as const;
export type CareRequestStatus = (typeof CARE_REQUEST_STATUSES)[number];
export const APPLICATION_STATUSES = ['applied', 'booked', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CARE_REQUEST_MESSAGES = {
  startTime: `Choose a start time on the hour from ${FIRST_START_HOUR}:00 AM to ${LAST_START_HOUR - 12}:00 PM.`,
  pastDate: 'Choose a start date from today on.',
  budget: 'The lowest budget must not be more than the highest.',
  notOpen: 'This request is no longer open.',
  alreadyApplied: 'You have already applied to this request.',
  notFound: 'Care request not found',
  applicationNotOpen: 'This application can no longer be booked.',
  shortlistNeedsPremium:
    'A team shortlist comes with the Premium plan. Upgrade to Premium and our team will pick up to three caregivers for you.',
  shortlistAlready: 'You have already asked our team for a shortlist for this request.',
  masked: 'We hid what looked like contact details. Share them in messages once you have booked.',
} as const;

const Money = (name: string) =>
  NumberLike(name).pipe(
    z
      .number()
      .int(`${name} must be whole Jamaican dollars`)
      .min(CARE_REQUEST_RULES.minRate, `${name} must be at least J$${CARE_REQUEST_RULES.minRate}`)
      .max(CARE_REQUEST_RULES.maxRate, `${name} must be at most J$${CARE_REQUEST_RULES.maxRate}`),
  );

/** "9:00 AM" or "09:00", on the hour in the bookable hours → "09:00". */
const StartTime = z
  .string({ error: CARE_REQUEST_MESSAGES.startTime })
  .max(20)
  .transform((text, ctx) => {
    const m = parseClock(text);
    if (m === undefined || m % 60 !== 0 || m / 60 < FIRST_START_HOUR || m / 60 > LAST_START_HOUR) {
      ctx.addIssue({ code: 'custom', message: CARE_REQUEST_MESSAGES.startTime });
      return z.NEVER;
    }
    return `${String(m / 60).padStart(2, '0')}:00`;
  })
  .describe('"9:00 AM" or "09:00", on the hour from 6:00 AM to 9:00 PM');

export const CreateCareRequest = z
  .object({
    kind: z.enum(CAREGIVER_KIND_VALUES, { error: 'Choose the kind of care' }),
    parish: z.enum(PARISHES, { error: 'Choose a parish' }),
    town: z.string({ error: 'Enter a town' }).trim().min(2, 'Enter a town').max(80),
    startDate: CalendarDate(),
    startTime: StartTime,
    hours: NumberLike('hours').pipe(
      z
        .number()
        .int('hours must be whole hours')
        .min(1, 'At least 1 hour')
        .max(CARE_REQUEST_RULES.maxHours, `At most ${CARE_REQUEST_RULES.maxHours} hours`),
    ),
    description: z
      .string({ error: 'Describe the care you need' })
      .trim()
      .min(
        CARE_REQUEST_RULES.minDescription,
        `Say a little more (at least ${CARE_REQUEST_RULES.minDescription} characters)`,
      )
      .max(CARE_REQUEST_RULES.maxDescription),
    budgetMinJmd: Money('budgetMinJmd').optional(),
    budgetMaxJmd: Money('budgetMaxJmd').optional(),
    /** A weekly pattern: the days care is needed each week (none: just the start date). */
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    /** Needs or skills asked for. */
    skills: z.array(z.string().trim().min(1).max(60)).max(10).optional(),
  })
  .refine(
    (b) => b.budgetMinJmd === undefined || b.budgetMaxJmd === undefined || b.budgetMinJmd <= b.budgetMaxJmd,
    {
      message: CARE_REQUEST_MESSAGES.budget,
      path: ['budgetMaxJmd'],
    },
  );
export type CreateCareRequest = z.input<typeof CreateCareRequest>;

export const CreatedCareRequest = z.object({
  id: z.number().int(),
  /** True when contact details were found in the text and hidden. */
  contactDetailsMasked: z.boolean(),
});

export const ApplyToCareRequest = z.object({
  message: z
    .string({ error: 'Write a short message' })
    .trim()
    .min(1, 'Write a short message')
    .max(CARE_REQUEST_RULES.maxMessage),
  hourlyRate: Money('hourlyRate'),
});
export type ApplyToCareRequest = z.input<typeof ApplyToCareRequest>;

export const CareRequestIdParam = z.object({ id: Id('id') });
export const ApplicationIdParams = z.object({ id: Id('id'), appId: Id('appId') });

export const ShortlistPick = z.object({
  caregiverIds: z
    .array(Id('caregiverId'))
    .min(1, 'Pick at least one caregiver')
    .max(CARE_REQUEST_RULES.maxShortlist, `Pick at most ${CARE_REQUEST_RULES.maxShortlist} caregivers`),
  note: z.string().trim().max(1000).default(''),
});
export type ShortlistPick = z.input<typeof ShortlistPick>;

/** A caregiver as the family compares applicants (or sees the team's picks). */
export const Applicant = z.object({
  applicationId: z.number().int().nullable(),
  caregiverId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastInitial: z.string(),
  profileImageUrl: z.string().nullable(),
  town: z.string().nullable(),
  parish: z.string().nullable(),
  /** Kilometres between the parishes' capitals (null when unknown). */
  distanceKm: z.number().nullable(),
  hourlyRate: z.string(),
  message: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES).nullable(),
  /** Reliability score 0..1 (ADR 0035). */
  reliability: z.number(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  verified: z.boolean(),
  bookingId: z.number().int().nullable(),
});
export type Applicant = z.infer<typeof Applicant>;

export const CareRequestView = z.object({
  id: z.number().int(),
  kind: z.string(),
  parish: z.string(),
  town: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  hours: z.number().int(),
  weekdays: z.array(z.string()),
  budgetMinJmd: z.number().int().nullable(),
  budgetMaxJmd: z.number().int().nullable(),
  skills: z.array(z.string()),
  description: z.string(),
  status: z.enum(CARE_REQUEST_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The family's first name only: the surname stays hidden until they book. */
  familyFirstName: z.string(),
  applicantCount: z.number().int(),
  /** For the family that posted it. */
  mine: z.boolean(),
  /** Owner only: applicants side by side. */
  applicants: z.array(Applicant).optional(),
  /** Owner only: the team shortlist, when asked for. */
  shortlist: z
    .object({
      requestedAt: z.string(),
      pickedAt: z.string().nullable(),
      note: z.string().nullable(),
      picks: z.array(Applicant),
    })
    .nullable()
    .optional(),
  /** A caregiver's own application, when they applied. */
  myApplication: z
    .object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES), hourlyRate: z.string() })
    .nullable()
    .optional(),
});
export type CareRequestView = z.infer<typeof CareRequestView>;

export const CareRequestList = z.array(CareRequestView);

export const BookedApplication = z.object({ bookingId: z.number().int() });

export const ShortlistQueueItem = z.object({
  requestId: z.number().int(),
  kind: z.string(),
  parish: z.string(),
  town: z.string(),
  startDate: z.string(),
  description: z.string(),
  familyName: z.string(),
  requestedAt: z.string(),
  status: z.enum(CARE_REQUEST_STATUSES),
});
export const ShortlistQueue = z.array(ShortlistQueueItem);
export type ShortlistQueueItem = z.infer<typeof ShortlistQueueItem>;
