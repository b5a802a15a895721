/**
 * The caregiver search's rules that need no schema: sorts, page sizes, counting caps and the length limits
 * of filter values. Kept apart from the zod contract (contracts/caregivers.ts re-exports them) so the search
 * page can read them without loading zod.
 */

/** The spec's five sorts, and 'reliability' (most reliable first, then best rated: ADR 0035). */
export const SEARCH_SORTS = [
  'relevance',
  'rating',
  'rate_asc',
  'rate_desc',
  'experience',
  'reliability',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 50;
/** Matches counted exactly before X-Total-Count becomes a lower bound (see CaregiverSearchQuery). */
export const SEARCH_TOTAL_CAP = 500;
/** The same with q: each text match is read from the table, so fewer are counted. */
export const SEARCH_TEXT_TOTAL_CAP = 100;
/** The longest free text: the search words (q). */
export const SEARCH_QUERY_MAX = 200;
/** The longest location, and the longest value in a comma-joined list (skills, availability). */
export const SEARCH_TEXT_MAX = 100;
/** The most values in a comma-joined list. */
export const SEARCH_LIST_MAX = 20;
