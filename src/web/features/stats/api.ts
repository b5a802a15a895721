import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStatsResponse } from '../../../shared/contracts/stats';
import { apiGet } from '../../lib/api';

export type { PublicStatsResponse };

export const publicStatsQuery = queryOptions({
  queryKey: ['stats', 'public'] as const,
  queryFn: ({ signal }) => apiGet<PublicStatsResponse>('/api/stats/public', signal),
});

/** Caregivers, families, completed bookings and parishes served, counted by the server. */
export function usePublicStats() {
  return useQuery(publicStatsQuery);
}
