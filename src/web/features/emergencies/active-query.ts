import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveEmergencies } from '../../../shared/contracts/emergencies';
import { apiGet } from '../../lib/api';

/**
 * The emergencies in force, which the banner on every page reads: apart from the admin console's calls
 * (api.ts), so the banner's chunk carries no mutation code.
 */
export const emergencyKeys = {
  all: ['emergencies'] as const,
  active: ['emergencies', 'active'] as const,
  admin: ['emergencies', 'admin'] as const,
};

/** GET /api/emergencies/active (public, cached a minute by the server too). */
export const activeEmergenciesQuery = queryOptions({
  queryKey: emergencyKeys.active,
  queryFn: ({ signal }) => apiGet<ActiveEmergencies>('/api/emergencies/active', signal),
  staleTime: 60_000,
});

export function useActiveEmergencies() {
  return useQuery(activeEmergenciesQuery);
}
