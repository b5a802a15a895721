import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminEmergency,
  AdminEmergencyList,
  ChangeEmergencyRequest,
  DeclareEmergencyRequest,
} from '../../../shared/contracts/emergencies';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { emergencyKeys } from './active-query';

export { activeEmergenciesQuery, emergencyKeys, useActiveEmergencies } from './active-query';
export type { AdminEmergency };

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
