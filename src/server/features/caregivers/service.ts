import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import {
  type BusyTime,
  isJamaicaWorkingHours,
  NEXT_AVAILABLE_DAYS,
  nextAvailableAt,
} from '../../../shared/availability';
import {
  CAREGIVER_KIND_VALUES,
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  ONBOARDING_SKILLS,
  PARISHES,
  TOWNS,
} from '../../../shared/catalog';
import {
  type CaregiverProfile,
  type CaregiverSearchQuery,
  isTrustClaim,
  type KindCounts,
  type ParishCounts,
  type ParishCountsQuery,
  PublicCaregiver,
  SEARCH_TEXT_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
} from '../../../shared/contracts/caregivers';
import type { Tx } from '../../db/client';
import { AVAILABILITY_FACETS, QUALIFICATION_FACETS } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { todayIso } from '../verification/steps';
import {
  BUSY_KEY,
  caregiverRepo,
  type ProfileRow,
  type ResolvedLocation,
  type SearchFilters,
  type SearchPage,
  TRUST_KEY,
} from './repo';
import { isVerifiedNow, publicCertifications, type TrustRecord, verifiedFactsOf } from './trust';

export const CAREGIVER_NOT_FOUND = 'Caregiver not found';
/** With q and sort=relevance, how many of the best rated matches are ranked by text relevance. */
export const RANK_CANDIDATES = SEARCH_TEXT_TOTAL_CAP;
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
    // 'st andrew', 'St.Andrew' → 'st. andrew', as the catalog spells parishes ('Stony Hill' stays).
    .replace(/^st(\.\s*|\s+)/, 'st. ');

/**
 * A town or parish of the catalog, any letter case, whole or a prefix ('kingst' → Kingston). Towns in a
 * matched parish are left out (the parish covers them), so 'Kingston' is one indexed parish test.
 * A name the catalog does not know is matched as a prefix of the stored town or parish.
 */
export function resolveLocation(input: string): ResolvedLocation | undefined {
  const key = norm(input);
  if (!key) return undefined;
  const parishes = PARISHES.filter((p) => p.toLowerCase().startsWith(key));
  const towns = TOWNS.filter((t) => t.name.toLowerCase().startsWith(key) && !parishes.includes(t.parish)).map(
    (t) => t.name,
  );
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
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, 40));
}

/** The public trust fields: verified facts, the Verified badge, and certifications without trust claims. */
function trustFields(
  r: { isVerified: boolean; certifications: string[] },
  record: TrustRecord | null,
  now: Date,
) {
  const verifiedFacts = verifiedFactsOf(record, now);
  return {
    isVerified: isVerifiedNow(r.isVerified, record, verifiedFacts),
    certifications: publicCertifications(r.certifications),
    verifiedFacts,
  };
}

function toProfile(r: ProfileRow, now: Date, busy: BusyTime[]): CaregiverProfile {
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
    bio: r.bio,
    experience: r.experience,
    hourlyRate: r.hourlyRate,
    averageRating: r.averageRating,
    totalReviews: r.totalReviews,
    skills: r.skills,
    availability: r.availability,
    ...trustFields(r, r.trust?.id == null ? null : (r.trust as TrustRecord), now),
    nextAvailableAt: nextAvailableAt(r, busy, now)?.toISOString() ?? null,
    userId: r.userId,
    ...user,
    isAvailable: r.isAvailable,
    createdAt: r.createdAt.toISOString(),
  };
}

export interface SearchResult {
  /** The page: the JSON text of PublicCaregiver[], rendered by the database. */
  json: string;
  /** Exact when `exact`; otherwise a lower bound. */
  total: number;
  exact: boolean;
}

export interface CaregiverServiceDeps {
  db: Tx;
  /** The clock for urgent=true (tests pin it). */
  now?: () => Date;
  /** Check every page the database renders against PublicCaregiver (tests and development). */
  checkRendering?: boolean;
}

const PublicCaregivers = z.array(PublicCaregiver);

/** The database's rendering is exactly PublicCaregiver[]: right types, and no key the schema lacks. */
export function checkRenderedPage(json: string): void {
  const rendered: unknown = JSON.parse(json);
  const parsed = PublicCaregivers.parse(rendered);
  if (!isDeepStrictEqual(parsed, rendered)) {
    throw new Error('The search page carries fields that PublicCaregiver does not declare');
  }
}

/**
 * Adds to the database's page what needs the clock: the trust fields from each verification record, and
 * nextAvailableAt from each row's bookings (rendered in the same statement). Listed caregivers take
 * bookings (is_listed includes the switch).
 */
function completePage(json: string, at: Date): string {
  const page = JSON.parse(json) as (Omit<PublicCaregiver, 'verifiedFacts' | 'nextAvailableAt'> & {
    [TRUST_KEY]?: TrustRecord | null;
    [BUSY_KEY]?: [string, string][];
  })[];
  if (!page.length) return json;
  return JSON.stringify(
    page.map(({ [TRUST_KEY]: record, [BUSY_KEY]: busy = [], ...c }) => ({
      ...c,
      ...trustFields(c, record ?? null, at),
      nextAvailableAt:
        nextAvailableAt(
          { availability: c.availability, isAvailable: true },
          busy.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) })),
          at,
        )?.toISOString() ?? null,
    })),
  );
}

/** The window nextAvailableAt looks at. */
const busyWindow = (now: Date) => ({
  from: now,
  to: new Date(now.getTime() + (NEXT_AVAILABLE_DAYS + 1) * 86_400_000),
});

/** A query's filters as the repository takes them, with q's words as `text`. */
function searchFilters(input: FiltersInput, now: Date, text: string | undefined): SearchFilters {
  // A trust claim as a skill filter means the verified fact, never the caregiver's own tick.
  const skills = canonical(input.skills, KNOWN_SKILLS);
  const trustFilter = skills?.some(isTrustClaim) ?? false;
  const otherSkills = skills?.filter((s) => !isTrustClaim(s));
  return {
    location: input.location ? resolveLocation(input.location) : undefined,
    minRate: input.minRate,
    maxRate: input.maxRate,
    experience: input.experience,
    skills: otherSkills?.length ? otherSkills : undefined,
    availability: canonical(input.availability, KNOWN_AVAILABILITY),
    type: input.type,
    parish: input.parish,
    text,
    verified: input.verified || trustFilter || undefined,
    today: todayIso(now),
    urgent: input.urgent ? { workingHours: isJamaicaWorkingHours(now) } : undefined,
  };
}

/**
 * Sort, page and the count's cap: exact up to SEARCH_TOTAL_CAP (SEARCH_TEXT_TOTAL_CAP with text, whose
 * every match is read from the table), or to the end of the page if that is further.
 */
function searchPage(input: SearchInput, filters: SearchFilters, now: Date): SearchPage {
  const cap = filters.text ? SEARCH_TEXT_TOTAL_CAP : SEARCH_TOTAL_CAP;
  return {
    sort: input.sort ?? 'relevance',
    limit: input.limit,
    offset: input.offset,
    countCap: Math.max(cap, input.offset + input.limit),
    rankCandidates: RANK_CANDIDATES,
    busy: busyWindow(now),
  };
}

export function createCaregiverService({
  db,
  now = () => new Date(),
  checkRendering = false,
}: CaregiverServiceDeps) {
  /**
   * Runs `attempt` with q's words as typed and, when that finds nothing and a word is no word of any
   * caregiver, once more with those words replaced by their nearest neighbours ('tompson' → 'thompson').
   * Most searches are spelt right, so most pay for one statement.
   */
  async function withSpellingFallback<T>(
    q: string | undefined,
    attempt: (text: string | undefined) => Promise<T>,
    foundNothing: (result: T) => boolean,
  ): Promise<T> {
    const words = queryWords(q);
    const first = await attempt(words.length ? words.join(' ') : undefined);
    if (!words.length || !foundNothing(first)) return first;
    const corrected = await caregiverRepo.correctWords(db, words, MIN_SIMILARITY);
    return corrected.join(' ') === words.join(' ') ? first : attempt(corrected.join(' '));
  }

  return {
    async search(input: SearchInput): Promise<SearchResult> {
      const at = now();
      return withSpellingFallback(
        input.q,
        async (text) => {
          const filters = searchFilters(input, at, text);
          const page = searchPage(input, filters, at);
          const rendered = await caregiverRepo.search(db, filters, page);
          const json = completePage(rendered.json, at);
          const matched = rendered.matched;
          if (checkRendering) checkRenderedPage(json);
          const exact = matched <= page.countCap;
          return { json, total: exact ? matched : page.countCap, exact };
        },
        (result) => result.total === 0,
      );
    },

    async kindCounts(): Promise<KindCounts> {
      const counts = await caregiverRepo.kindCounts(db);
      return CAREGIVER_KIND_VALUES.map((kind, i) => ({ kind, count: counts[i] }));
    },

    async parishCounts(input: ParishCountsInput): Promise<ParishCounts> {
      const at = now();
      const counts = await withSpellingFallback(
        input.q,
        (text) => caregiverRepo.parishCounts(db, searchFilters(input, at, text)),
        (found) => found.size === 0,
      );
      return PARISHES.map((parish) => ({ parish, count: counts.get(parish) ?? 0 }));
    },

    /** A profile, when the viewer may see it (mayViewProfile); else 404. */
    async profile(
      by: { id: number } | { userId: number },
      viewer: SessionUser | null,
    ): Promise<CaregiverProfile> {
      const row = await caregiverRepo.findProfile(db, by);
      if (!row || !mayViewProfile(row, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
      const at = now();
      const { from, to } = busyWindow(at);
      const busy = await caregiverRepo.busyTimes(db, [row.id], from, to);
      return toProfile(row, at, busy);
    },
  };
}
