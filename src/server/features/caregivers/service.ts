import { isJamaicaWorkingHours } from '../../../shared/availability';
import {
  CAREGIVER_KIND_VALUES,
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  ONBOARDING_SKILLS,
  PARISHES,
  TOWNS,
} from '../../../shared/catalog';
import type {
  CaregiverProfile,
  CaregiverSearchQuery,
  KindCounts,
  ParishCounts,
  ParishCountsQuery,
  PublicCaregiver,
} from '../../../shared/contracts/caregivers';
import { SEARCH_TOTAL_CAP } from '../../../shared/contracts/caregivers';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { AVAILABILITY_FACETS, QUALIFICATION_FACETS } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import {
  caregiverRepo,
  type ProfileRow,
  type ResolvedLocation,
  type SearchFilters,
  type SearchPage,
  type SearchRow,
} from './repo';

export const CAREGIVER_NOT_FOUND = 'Caregiver not found';
/** With q and sort=relevance, how many of the best rated matches are ranked by text relevance. */
export const RANK_CANDIDATES = 200;
/** How alike (pg_trgm similarity) a word must be to stand in for a misspelt one. */
export const MIN_SIMILARITY = 0.5;
const MAX_WORDS = 10;

export type SearchInput = z.output<typeof CaregiverSearchQuery>;
export type ParishCountsInput = z.output<typeof ParishCountsQuery>;
type FiltersInput = ParishCountsInput & { parish?: SearchInput['parish'] };

/** First letter only, as public pages show last names ('Shanique W.'). */
export const initial = (name: string) => (Array.from(name.trim())[0] ?? '').toUpperCase();

/**
 * Who may see a caregiver's profile (and its reviews): anyone while it is public (active, owner not
 * suspended; the 'available for bookings' switch only hides it from search), else its owner and admins.
 */
export function mayViewProfile(
  caregiver: { isPublic: boolean; userId: number },
  viewer: Pick<SessionUser, 'id' | 'userType'> | null,
): boolean {
  return caregiver.isPublic || viewer?.id === caregiver.userId || viewer?.userType === 'admin';
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    // 'st andrew', 'St.Andrew' → 'st. andrew', as the catalog spells parishes.
    .replace(/^st\.?\s*/, 'st. ');

/**
 * A town or parish of the catalog, any letter case, whole or a prefix ('kingst' → Kingston). Towns in a
 * matched parish are left out (the parish covers them), so 'Kingston' is one indexed parish test.
 * A name the catalog does not know is matched as a prefix of the stored town or parish.
 */
export function resolveLocation(input: string): ResolvedLocation | undefined {
  const key = norm(input);
  if (!key) return undefined;
  const parishes = PARISHES.filter((p) => p.toLowerCase().startsWith(key));
  const towns = TOWNS.filter(
    (t) => t.name.toLowerCase().startsWith(key) && !parishes.includes(t.parish),
  ).map((t) => t.name);
  if (parishes.length || towns.length) return { parishes: [...parishes], towns };
  return { parishes: [], towns: [], prefix: input.trim().toLowerCase().replace(/\s+/g, ' ') };
}

/** Catalog spelling of known values ('cpr certified' → 'CPR Certified'); others as given. */
function canonical(values: readonly string[] | undefined, known: readonly string[]): string[] | undefined {
  if (!values?.length) return undefined;
  const byKey = new Map(known.map((k) => [k.toLowerCase(), k]));
  return [...new Set(values.map((v) => byKey.get(v.toLowerCase()) ?? v))];
}
const KNOWN_SKILLS = [
  ...new Set([...QUALIFICATION_FACETS, ...FILTER_SKILLS, ...ONBOARDING_SKILLS, ...CERTIFICATIONS]),
];
const KNOWN_AVAILABILITY = [...new Set([...AVAILABILITY_FACETS, ...FILTER_AVAILABILITY])];

/** The words of q: letters and digits, lower case, at most MAX_WORDS. */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, 40));
}

function toPublic(r: SearchRow): PublicCaregiver {
  return {
    id: r.id,
    user: {
      firstName: r.first_name,
      lastName: initial(r.last_name),
      profileImageUrl: r.profile_image_url,
      location: r.location,
    },
    parish: r.parish,
    kinds: r.kinds,
    isVerified: r.is_verified,
    bio: r.bio,
    experience: r.experience,
    hourlyRate: r.hourly_rate,
    averageRating: r.average_rating,
    totalReviews: r.total_reviews,
    skills: r.skills,
    certifications: r.certifications,
    availability: r.availability,
  };
}

function toProfile(r: ProfileRow): CaregiverProfile {
  const user = {
    firstName: r.firstName,
    lastName: initial(r.lastName),
    profileImageUrl: r.profileImageUrl,
    location: r.location,
  };
  return {
    id: r.id,
    user,
    parish: r.parish,
    kinds: r.kinds,
    isVerified: r.isVerified,
    bio: r.bio,
    experience: r.experience,
    hourlyRate: r.hourlyRate,
    averageRating: r.averageRating,
    totalReviews: r.totalReviews,
    skills: r.skills,
    certifications: r.certifications,
    availability: r.availability,
    userId: r.userId,
    ...user,
    isAvailable: r.isAvailable,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface SearchResult {
  caregivers: PublicCaregiver[];
  /** Exact when `exact`; otherwise a lower bound. */
  total: number;
  exact: boolean;
}

export interface CaregiverServiceDeps {
  db: Tx;
  /** The clock for urgent=true (tests pin it). */
  now?: () => Date;
}

/**
 * A query's filters as the repository takes them, q spell-corrected into a tsquery (one small query).
 * Exported for the search benchmark, which times the very SQL the endpoint runs.
 */
export async function searchFilters(db: Tx, input: FiltersInput, now: Date): Promise<SearchFilters> {
  const words = queryWords(input.q);
  // Only stop words ('the') or punctuation: no text filter.
  const tsquery = words.length ? (await caregiverRepo.textQuery(db, words, MIN_SIMILARITY)) || undefined : undefined;
  return {
    location: input.location ? resolveLocation(input.location) : undefined,
    minRate: input.minRate,
    maxRate: input.maxRate,
    experience: input.experience,
    skills: canonical(input.skills, KNOWN_SKILLS),
    availability: canonical(input.availability, KNOWN_AVAILABILITY),
    type: input.type,
    parish: input.parish,
    tsquery,
    verified: input.verified,
    urgent: input.urgent ? { workingHours: isJamaicaWorkingHours(now) } : undefined,
  };
}

/** Sort, page and the count's cap: exact up to SEARCH_TOTAL_CAP, or to the end of the page if further. */
export function searchPage(input: SearchInput): SearchPage {
  return {
    sort: input.sort ?? 'relevance',
    limit: input.limit,
    offset: input.offset,
    countCap: Math.max(SEARCH_TOTAL_CAP, input.offset + input.limit),
    rankCandidates: RANK_CANDIDATES,
  };
}

export function createCaregiverService({ db, now = () => new Date() }: CaregiverServiceDeps) {
  return {
    async search(input: SearchInput): Promise<SearchResult> {
      const page = searchPage(input);
      const { rows, matched } = await caregiverRepo.search(db, await searchFilters(db, input, now()), page);
      const exact = matched <= page.countCap;
      return { caregivers: rows.map(toPublic), total: exact ? matched : page.countCap, exact };
    },

    async kindCounts(): Promise<KindCounts> {
      const counts = await caregiverRepo.kindCounts(db);
      return CAREGIVER_KIND_VALUES.map((kind, i) => ({ kind, count: counts[i] }));
    },

    async parishCounts(input: ParishCountsInput): Promise<ParishCounts> {
      const counts = await caregiverRepo.parishCounts(db, await searchFilters(db, input, now()));
      return PARISHES.map((parish) => ({ parish, count: counts.get(parish) ?? 0 }));
    },

    /** A profile, when the viewer may see it (mayViewProfile); else 404. */
    async profile(
      by: { id: number } | { userId: number },
      viewer: SessionUser | null,
    ): Promise<CaregiverProfile> {
      const row = await caregiverRepo.findProfile(db, by);
      if (!row || !mayViewProfile(row, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
      return toProfile(row);
    },
  };
}
