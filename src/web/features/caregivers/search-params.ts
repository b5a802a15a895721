import {
  CAREGIVER_KINDS,
  type CaregiverKind,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  findParish,
  type Parish,
} from '../../../shared/catalog';
import { formatJmd, groupDigits, toCents } from '../../../shared/money';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_LIST_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  type SearchSort,
} from '../../../shared/search-rules';

/**
 * The search page's filters, which live in the URL (shareable, Back works, reload keeps them).
 * `parseFilters` is forgiving (a bad value in a hand-typed URL is dropped, never an error page);
 * `filtersToParams` writes the canonical form, leaving out anything at its default.
 */

export type { SearchSort };

/** The contract's sorts, from the zod-free search rules (the search page does not load zod). */
export const SORTS = SEARCH_SORTS;

export interface SearchFilters {
  q?: string;
  location?: string;
  type?: CaregiverKind;
  parish?: Parish;
  /** Whole JMD per hour. */
  minRate?: number;
  maxRate?: number;
  /** Minimum years; 0 means any (docs/product.md#validation-rules). */
  experience: number;
  skills: string[];
  availability: string[];
  verified: boolean;
  /** docs/product.md#screens-and-routes: /search?urgent=true — only caregivers available now. */
  urgent: boolean;
  sort: SearchSort;
  /** 1-based page of results. */
  page: number;
}

export const PAGE_SIZE = SEARCH_DEFAULT_LIMIT;

export const EMPTY_FILTERS: SearchFilters = {
  experience: 0,
  skills: [],
  availability: [],
  verified: false,
  urgent: false,
  sort: 'relevance',
  page: 1,
};

/** docs/product.md#constants-and-limits: any (0), 1, 2, 3, 5, 10 years. */
export const EXPERIENCE_CHOICES = [
  { value: 0, label: 'Any experience' },
  { value: 1, label: '1+ years' },
  { value: 2, label: '2+ years' },
  { value: 3, label: '3+ years' },
  { value: 5, label: '5+ years' },
  { value: 10, label: '10+ years' },
] as const;

export const SORT_CHOICES: readonly { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'rate_asc', label: 'Lowest rate' },
  { value: 'rate_desc', label: 'Highest rate' },
  { value: 'experience', label: 'Most experienced' },
  { value: 'reliability', label: 'Most reliable' },
];

export interface QuickFilter {
  id: string;
  label: string;
  skills: readonly string[];
  minExperience: number;
}

/** docs/product.md#constants-and-limits quick filters. */
export const QUICK_FILTERS: readonly QuickFilter[] = [
  {
    id: 'safety',
    label: 'Safety Certified',
    skills: ['First Aid Certified', 'CPR Certified'],
    minExperience: 3,
  },
  { id: 'education', label: 'Education Background', skills: ['Early Childhood Education'], minExperience: 2 },
  { id: 'special-needs', label: 'Special Needs Expert', skills: ['Special Needs Care'], minExperience: 5 },
];

/** A whole JMD rate in the one money format: 1200 → 'J$ 1,200'. */
const jmdRate = (rate: number) => formatJmd(toCents(rate));

/**
 * docs/product.md#constants-and-limits suggested rate ranges (JMD per hour): the spec's $500-800, $800-1200,
 * $1200+, labelled in the one money format, 'J$ 500–800' (issue 32 item 14: a bare '$' reads as US dollars).
 */
export const RATE_RANGES: readonly { label: string; minRate: number; maxRate?: number }[] = [
  { minRate: 500, maxRate: 800 },
  { minRate: 800, maxRate: 1200 },
  { minRate: 1200 },
].map((r) => ({
  ...r,
  label:
    r.maxRate === undefined ? `${jmdRate(r.minRate)}+` : `${jmdRate(r.minRate)}–${groupDigits(r.maxRate)}`,
}));

function text(value: string | null, max = SEARCH_TEXT_MAX): string | undefined {
  const trimmed = value?.trim().slice(0, max);
  return trimmed ? trimmed : undefined;
}

/** A whole, non-negative number of JMD, or undefined for anything else (empty = unset, docs/product.md#validation-rules). */
export function parseWholeNumber(value: string | null | undefined): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !/^\d{1,7}$/.test(trimmed)) return undefined;
  return Number.parseInt(trimmed, 10);
}

export const RATE_MESSAGES = {
  notWhole: 'Rates are whole numbers of JMD, like 1200. This rate is not applied.',
  inverted: 'The minimum rate must not be above the maximum. This range is not applied.',
} as const;

/**
 * A link's rates the wrong way round (minRate=5000&maxRate=100) are searched swapped (parseFilters); this
 * says so, so that it is not done silently (issue 32 item 14). Undefined when the link's range is fine.
 */
export function swappedRatesNote(
  minText: string | null | undefined,
  maxText: string | null | undefined,
): string | undefined {
  const min = parseWholeNumber(minText);
  const max = parseWholeNumber(maxText);
  if (min === undefined || max === undefined || min <= max) return undefined;
  return `The lowest rate in the link (${jmdRate(min)}) was above the highest (${jmdRate(max)}): showing rates from ${jmdRate(max)} to ${jmdRate(min)}.`;
}

/** What is wrong with a typed rate range ('' = not set), or undefined when it can be applied. */
export function rateRangeError(minText: string, maxText: string): string | undefined {
  const min = minText.trim();
  const max = maxText.trim();
  const minRate = parseWholeNumber(min);
  const maxRate = parseWholeNumber(max);
  if ((min && minRate === undefined) || (max && maxRate === undefined)) return RATE_MESSAGES.notWhole;
  if (minRate !== undefined && maxRate !== undefined && minRate > maxRate) return RATE_MESSAGES.inverted;
  return undefined;
}

function list(value: string | null): string[] {
  if (!value) return [];
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= SEARCH_TEXT_MAX);
  return [...new Set(items)].slice(0, SEARCH_LIST_MAX);
}

const KIND_VALUES = new Set<string>(CAREGIVER_KINDS.map((k) => k.value));
/** Other names of a kind that older links use (the spec's quick bar said 'housekeeping'). */
const KIND_ALIASES: Record<string, CaregiverKind> = { housekeeping: 'housekeepers' };

function parseKind(value: string | null): CaregiverKind | undefined {
  const kind = value?.trim().toLowerCase();
  if (!kind) return undefined;
  if (KIND_VALUES.has(kind)) return kind as CaregiverKind;
  return KIND_ALIASES[kind];
}
const SORT_VALUES = new Set<string>(SORTS);

export function parseFilters(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort')?.trim();
  const experience = parseWholeNumber(params.get('experience'));
  const page = parseWholeNumber(params.get('page'));
  let minRate = parseWholeNumber(params.get('minRate'));
  let maxRate = parseWholeNumber(params.get('maxRate'));
  // A swapped range from a hand-typed URL: read it the way the person meant it.
  if (minRate !== undefined && maxRate !== undefined && minRate > maxRate)
    [minRate, maxRate] = [maxRate, minRate];
  const parishText = params.get('parish');
  return {
    q: text(params.get('q'), SEARCH_QUERY_MAX),
    location: text(params.get('location')),
    type: parseKind(params.get('type')),
    parish: parishText ? findParish(parishText) : undefined,
    minRate,
    maxRate,
    experience: experience !== undefined && experience <= 80 ? experience : 0,
    skills: list(params.get('skills')),
    availability: list(params.get('availability')),
    verified: params.get('verified') === 'true',
    urgent: params.get('urgent') === 'true',
    sort: sort && SORT_VALUES.has(sort) ? (sort as SearchSort) : 'relevance',
    page: page !== undefined && page >= 1 ? page : 1,
  };
}

/** Filters → the page's URL query, in a fixed order, defaults left out. */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.type) params.set('type', filters.type);
  if (filters.location) params.set('location', filters.location);
  if (filters.parish) params.set('parish', filters.parish);
  if (filters.minRate !== undefined) params.set('minRate', String(filters.minRate));
  if (filters.maxRate !== undefined) params.set('maxRate', String(filters.maxRate));
  if (filters.experience > 0) params.set('experience', String(filters.experience));
  if (filters.skills.length) params.set('skills', filters.skills.join(','));
  if (filters.availability.length) params.set('availability', filters.availability.join(','));
  if (filters.verified) params.set('verified', 'true');
  if (filters.urgent) params.set('urgent', 'true');
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API's query for the search call: the filters plus limit and offset for the page. */
export function searchApiParams(filters: SearchFilters, { pageSize = PAGE_SIZE } = {}): URLSearchParams {
  const params = filtersToParams({ ...filters, page: 1 });
  params.set('limit', String(pageSize));
  if (filters.page > 1) params.set('offset', String((filters.page - 1) * pageSize));
  return params;
}

/** The parish-count call takes the same filters except the parish (each parish gets its own count). */
export function parishCountParams(filters: SearchFilters): URLSearchParams {
  return filtersToParams({ ...filters, parish: undefined, sort: 'relevance', page: 1 });
}

/** Any change of filters goes back to page 1. */
export function withChanges(filters: SearchFilters, changes: Partial<SearchFilters>): SearchFilters {
  return { ...filters, page: 1, ...changes };
}

export function isQuickFilterActive(filters: SearchFilters, quick: QuickFilter): boolean {
  return quick.skills.every((s) => filters.skills.includes(s)) && filters.experience >= quick.minExperience;
}

/**
 * Turns a quick filter on (adds its skills, raises the minimum experience to its years) or, when it is
 * already on, off again (removes its skills; puts experience back to any if it was the quick filter's).
 */
export function toggleQuickFilter(filters: SearchFilters, quick: QuickFilter): SearchFilters {
  if (isQuickFilterActive(filters, quick)) {
    return withChanges(filters, {
      skills: filters.skills.filter((s) => !quick.skills.includes(s)),
      experience: filters.experience === quick.minExperience ? 0 : filters.experience,
    });
  }
  return withChanges(filters, {
    skills: [...new Set([...filters.skills, ...quick.skills])],
    experience: Math.max(filters.experience, quick.minExperience),
  });
}

export function toggleInList(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** How many filters narrow the results (for the Filters button on small screens). */
export function countActiveFilters(filters: SearchFilters): number {
  return (
    [filters.q, filters.location, filters.type, filters.parish, filters.minRate, filters.maxRate].filter(
      (v) => v !== undefined,
    ).length +
    (filters.experience > 0 ? 1 : 0) +
    filters.skills.length +
    filters.availability.length +
    (filters.verified ? 1 : 0) +
    (filters.urgent ? 1 : 0)
  );
}

export function kindLabel(kind: string): string {
  return CAREGIVER_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export { FILTER_AVAILABILITY, FILTER_SKILLS };
