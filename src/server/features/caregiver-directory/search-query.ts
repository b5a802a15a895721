import type { z } from 'zod';
import { isJamaicaWorkingHours, NEXT_AVAILABLE_DAYS } from '../../../shared/availability';
import {
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  ONBOARDING_SKILLS,
  PARISHES,
  TOWNS,
} from '../../../shared/catalog';
import {
  type CaregiverSearchQuery,
  isTrustClaim,
  type ParishCountsQuery,
  SEARCH_TEXT_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
} from '../../../shared/contracts/caregivers';
import { todayIso } from '../../../shared/police-record';
import { AVAILABILITY_FACETS, QUALIFICATION_FACETS } from '../../db/schema';
import type { ResolvedLocation, SearchFilters } from './search-filters';
import type { SearchPage } from './search-repo';

// A search request (the query string as zod parsed it) turned into the repository's filters and page.

/** With q and sort=relevance, how many of the best rated matches are ranked by text relevance. */
export const RANK_CANDIDATES = SEARCH_TEXT_TOTAL_CAP;
const MAX_WORDS = 10;

export type SearchInput = z.output<typeof CaregiverSearchQuery>;
export type ParishCountsInput = z.output<typeof ParishCountsQuery>;
export type FiltersInput = ParishCountsInput & { parish?: SearchInput['parish'] };

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

/** The window nextAvailableAt looks at. */
export const busyWindow = (now: Date) => ({
  from: now,
  to: new Date(now.getTime() + (NEXT_AVAILABLE_DAYS + 1) * 86_400_000),
});

/** A query's filters as the repository takes them, with q's words as `text`. */
export function searchFilters(input: FiltersInput, now: Date, text: string | undefined): SearchFilters {
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
export function searchPage(input: SearchInput, filters: SearchFilters, now: Date): SearchPage {
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
