import { CAREGIVER_KIND_VALUES, type CaregiverKind } from '../catalog';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_LIST_MAX,
  SEARCH_MAX_LIMIT,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
} from '../search-rules';
import { Id, knownParish } from './common';
import { ReliabilityRecord } from './reliability';
import { z } from './zod';

export * from '../search-rules';

/** Comma-joined lists in the query string (docs/product.md#the-api-contract): 'CPR Certified,Cooking' → ['CPR Certified', 'Cooking']. */
const CommaList = z
  .string()
  .max(1000)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(SEARCH_TEXT_MAX)).max(SEARCH_LIST_MAX, `At most ${SEARCH_LIST_MAX} values`));

const WholeJmd = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of JMD`)
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000, `${name} is too large`);

const TrueFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Other names of a kind that links and forms use. */
const KIND_ALIASES: Record<string, CaregiverKind | undefined> = {
  'all-services': undefined,
  housekeeping: 'housekeepers',
};
const TYPE_VALUES = [...CAREGIVER_KIND_VALUES, 'all-services', 'housekeeping'] as const;

/**
 * The search filters (docs/product.md#the-api-contract, #constants-and-limits plus issue 3), every one optional. Shared by the search and the
 * parish counts (which take all but parish).
 */
export const CaregiverFilters = z.object({
  /** A town or a parish, any letter case; a prefix also matches ('kingst' → Kingston). */
  location: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  minRate: WholeJmd('minRate').optional(),
  maxRate: WholeJmd('maxRate').optional(),
  /** Minimum years. */
  experience: z.coerce
    .number({ error: 'experience must be a number' })
    .int('experience must be a whole number of years')
    .min(0, 'experience must be 0 or more')
    .max(80, 'experience is too large')
    .optional(),
  /** Every listed one, counting certifications. */
  skills: CommaList.optional(),
  /** Any one of them. */
  availability: CommaList.optional(),
  /** A caregiver kind; 'all-services' (the home page's choice) means any, 'housekeeping' is housekeepers. */
  type: z
    .enum(TYPE_VALUES, { error: 'Unknown caregiver type' })
    .transform((t): CaregiverKind | undefined => (t in KIND_ALIASES ? KIND_ALIASES[t] : (t as CaregiverKind)))
    .optional(),
  parish: z.string().trim().max(40).transform(knownParish).optional(),
  /** Full text over name, bio, kinds, skills and certifications; forgiving of small typos. */
  q: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
  verified: TrueFlag.optional(),
  /** Available now or today (docs/product.md#flows badge rule, in Jamaica time). */
  urgent: TrueFlag.optional(),
});

const rateOrder = (v: { minRate?: number; maxRate?: number }) =>
  v.minRate === undefined || v.maxRate === undefined || v.minRate <= v.maxRate;
const RATE_ORDER = { message: 'minRate must not be above maxRate', path: ['minRate'] };

/**
 * GET /api/caregivers/search — every filter optional (docs/product.md#the-api-contract plus issue 3). Answers PublicCaregiver[]
 * with headers X-Total-Count and X-Total-Count-Exact: the count is exact up to SEARCH_TOTAL_CAP matches
 * (SEARCH_TEXT_TOTAL_CAP with q), or up to the end of the requested page if that is further; beyond,
 * X-Total-Count is that bound and X-Total-Count-Exact is 'false' — show '500+'.
 */
export const CaregiverSearchQuery = CaregiverFilters.extend({
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}`)
    .default(SEARCH_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int()
    .min(0, 'offset must be 0 or more')
    .max(100_000, 'offset is too large')
    .default(0),
}).refine(rateOrder, RATE_ORDER);
export type CaregiverSearchQuery = z.input<typeof CaregiverSearchQuery>;

/**
 * Trust claims: offered as ticks in onboarding (spec), but shown publicly only as verified facts (an
 * approved verification record), never from the caregiver's own tick.
 */
export const TRUST_CLAIMS = ['Background Check Completed', 'Reference Verified'] as const;
export const isTrustClaim = (c: string) => (TRUST_CLAIMS as readonly string[]).includes(c);

/** What an admin approved (or the system proved) and is still valid, e.g. a police record under 12 months. */
export const VERIFIED_FACT_KINDS = [
  'identity',
  'address',
  'background_check',
  'references',
  'phone',
] as const;
export type VerifiedFactKind = (typeof VERIFIED_FACT_KINDS)[number];
export const VerifiedFact = z.object({
  kind: z.enum(VERIFIED_FACT_KINDS),
  /** When it was verified (ISO 8601). */
  verifiedAt: z.string(),
});
export type VerifiedFact = z.infer<typeof VerifiedFact>;

/** The public caregiver shape (docs/product.md#records): nothing private (no email, phone or documents). */
export const PublicCaregiver = z.object({
  id: z.number().int(),
  user: z.object({
    firstName: z.string(),
    /** Only the initial: public pages show 'Shanique W.'. */
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    location: z.string().nullable(),
  }),
  parish: z.string().nullable(),
  kinds: z.array(z.string()),
  /** The Verified badge: every verification step approved and the police record still valid. */
  isVerified: z.boolean(),
  bio: z.string().nullable(),
  experience: z.number().int(),
  /** Numeric string in JMD, e.g. '1500.00'. */
  hourlyRate: z.string(),
  /** Numeric string, 2 decimals, e.g. '4.75'. */
  averageRating: z.string(),
  totalReviews: z.number().int(),
  skills: z.array(z.string()),
  /** Self-reported credentials only (no document reviewed); never the TRUST_CLAIMS. */
  certifications: z.array(z.string()),
  availability: z.array(z.string()),
  /** The facts verified by YaadCare that are still valid, with the date of each. */
  verifiedFacts: z.array(VerifiedFact),
  /**
   * The first free moment in the next 14 days (weekly availability minus bookings, Jamaica time), ISO
   * 8601; null when none or when the caregiver takes no bookings.
   */
  nextAvailableAt: z.string().nullable(),
});
export type PublicCaregiver = z.infer<typeof PublicCaregiver>;

/** GET /api/caregivers/{id}: nested user AND the flat fields the booking confirmation screen reads. */
export const CaregiverProfile = PublicCaregiver.extend({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  /** The 'available for bookings' switch: false means the profile can be seen but not booked. */
  isAvailable: z.boolean(),
  createdAt: z.string(),
  /** The reliability record (ADR 0035): optional, so clients of the spec's shape are unaffected. */
  reliability: ReliabilityRecord.optional(),
});
export type CaregiverProfile = z.infer<typeof CaregiverProfile>;

export const PublicReview = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
  family: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const CaregiverIdParam = z.object({ id: Id('id') });
export const CaregiverUserIdParam = z.object({ userId: Id('userId') });

/** GET /api/reviews/caregiver/{id}: newest first, with X-Total-Count. */
export const PageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(10),
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more').max(100_000).default(0),
});

/**
 * Counts of listed caregivers per kind (GET /api/caregivers/kinds: home category grid; all 8 kinds in
 * catalog order, 0 included) and per parish (GET /api/caregivers/parish-counts: all 14 in catalog order).
 */
export const KindCounts = z.array(z.object({ kind: z.string(), count: z.number().int() }));
export const ParishCounts = z.array(z.object({ parish: z.string(), count: z.number().int() }));
export type KindCounts = z.infer<typeof KindCounts>;
export type ParishCounts = z.infer<typeof ParishCounts>;

/** GET /api/caregivers/parish-counts: the search filters except parish; every parish, 0 included. */
export const ParishCountsQuery = CaregiverFilters.omit({ parish: true }).refine(rateOrder, RATE_ORDER);
export type ParishCountsQuery = z.input<typeof ParishCountsQuery>;
