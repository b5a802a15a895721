import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStatsResponse } from '../../../shared/contracts/stats';
import { apiGet } from '../../lib/api';

export type { PublicStatsResponse };

export const statsKeys = {
  all: ['stats'] as const,
  public: ['stats', 'public'] as const,
};

export const getPublicStats = (signal?: AbortSignal) =>
  apiGet<PublicStatsResponse>('/api/stats/public', signal);

export const publicStatsQuery = queryOptions({
  queryKey: statsKeys.public,
  queryFn: ({ signal }) => getPublicStats(signal),
});

/** Caregivers, families, completed bookings and parishes served, counted by the server. */
export function usePublicStats() {
  return useQuery(publicStatsQuery);
}
