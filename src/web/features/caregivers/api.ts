import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CaregiverProfile,
  KindCounts,
  ParishCounts,
  PublicCaregiver,
  PublicReview,
} from '../../../shared/contracts/caregivers';
import { apiGet, apiGetPage } from '../../lib/api';

export type { CaregiverProfile, PublicCaregiver, PublicReview };
export type KindCount = z.infer<typeof KindCounts>[number];
export type ParishCount = z.infer<typeof ParishCounts>[number];

export interface CaregiverPage {
  items: PublicCaregiver[];
  /** Exact, or (exact false) a lower bound: the server stops counting at 1,000 matches. */
  total: number;
  exact: boolean;
}

export const caregiverKeys = {
  all: ['caregivers'] as const,
  search: (query: string) => ['caregivers', 'search', query] as const,
  kinds: ['caregivers', 'kinds'] as const,
  parishCounts: (query: string) => ['caregivers', 'parish-counts', query] as const,
  profile: (id: number) => ['caregivers', 'profile', id] as const,
  reviews: (id: number) => ['caregivers', 'reviews', id] as const,
};

/** GET /api/caregivers/search?… — one page of caregivers and the total from X-Total-Count. */
export function searchCaregivers(
  query: URLSearchParams | string,
  signal?: AbortSignal,
): Promise<CaregiverPage> {
  const qs = String(query);
  return apiGetPage<PublicCaregiver>(`/api/caregivers/search${qs ? `?${qs}` : ''}`, signal);
}

/**
 * Listings change under the visitor (a caregiver turns availability off, gets verified, changes a rate):
 * unlike the app's other reads, they are revalidated each time a page shows them, from the cache first —
 * unless they are only seconds old, as on a page the server has just rendered: asking again at once would
 * only redraw the page while it is still starting.
 */
const LIVE = { staleTime: 10_000 } as const;

export function caregiverSearchQuery(query: URLSearchParams | string) {
  const qs = String(query);
  return queryOptions({
    queryKey: caregiverKeys.search(qs),
    queryFn: ({ signal }) => searchCaregivers(qs, signal),
    ...LIVE,
  });
}

export function useCaregiverSearch(query: URLSearchParams | string) {
  return useQuery(caregiverSearchQuery(query));
}

export const kindCountsQuery = queryOptions({
  queryKey: caregiverKeys.kinds,
  queryFn: ({ signal }) => apiGet<KindCount[]>('/api/caregivers/kinds', signal),
  ...LIVE,
});

export function useKindCounts() {
  return useQuery(kindCountsQuery);
}

export function parishCountsQuery(query: URLSearchParams | string) {
  const qs = String(query);
  return queryOptions({
    queryKey: caregiverKeys.parishCounts(qs),
    queryFn: ({ signal }) =>
      apiGet<ParishCount[]>(`/api/caregivers/parish-counts${qs ? `?${qs}` : ''}`, signal),
    // Changing a filter while the map is open keeps the old numbers on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** Caregivers per parish for the map; only fetched while the map is open. */
export function useParishCounts(query: URLSearchParams | string, enabled: boolean) {
  return useQuery({ ...parishCountsQuery(query), enabled });
}

export function caregiverProfileQuery(id: number) {
  return queryOptions({
    queryKey: caregiverKeys.profile(id),
    queryFn: ({ signal }) => apiGet<CaregiverProfile>(`/api/caregivers/${id}`, signal),
    ...LIVE,
  });
}

export function useCaregiverProfile(id: number | undefined) {
  return useQuery({ ...caregiverProfileQuery(id ?? 0), enabled: id !== undefined });
}

export const REVIEWS_PAGE_SIZE = 5;

/** GET /api/reviews/caregiver/{id}, newest first, a page at a time ('Show more'). */
export function caregiverReviewsQuery(id: number) {
  return infiniteQueryOptions({
    queryKey: caregiverKeys.reviews(id),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<PublicReview>(
        `/api/reviews/caregiver/${id}?limit=${REVIEWS_PAGE_SIZE}&offset=${pageParam}`,
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
}
