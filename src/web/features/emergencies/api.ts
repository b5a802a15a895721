import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveEmergencies,
  AdminEmergency,
  AdminEmergencyList,
  ChangeEmergencyRequest,
  DeclareEmergencyRequest,
} from '../../../shared/contracts/emergencies';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export type { AdminEmergency };

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

export function useAdminEmergencies() {
  return useQuery({
    queryKey: emergencyKeys.admin,
    queryFn: ({ signal }) => apiGet<AdminEmergencyList>('/api/admin/emergencies', signal),
    staleTime: 0,
  });
}

type Change =
  | { action: 'declare'; body: DeclareEmergencyRequest }
  | { action: 'declare-prepared'; id: number }
  | { action: 'extend'; id: number; body: ChangeEmergencyRequest }
  | { action: 'end'; id: number };

const send = (c: Change) => {
  switch (c.action) {
    case 'declare':
      return apiPost<AdminEmergency>('/api/admin/emergencies', c.body);
    case 'declare-prepared':
      return apiPost<AdminEmergency>(`/api/admin/emergencies/${c.id}/declare`);
    case 'extend':
      return apiRequest<AdminEmergency>('PATCH', `/api/admin/emergencies/${c.id}`, c.body);
    case 'end':
      return apiPost<AdminEmergency>(`/api/admin/emergencies/${c.id}/end`);
  }
};

/** Declare, declare a prepared one, extend or end; the console's list and every banner refresh. */
export function useEmergencyChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emergencyKeys.all }),
  });
}
