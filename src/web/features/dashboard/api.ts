import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaregiverDashboardResponse,
  FamilyDashboardResponse,
} from '../../../shared/contracts/dashboard';
import { apiGet, apiPost } from '../../lib/api';

export type { CaregiverDashboardResponse, FamilyDashboardResponse };

export const caregiverDashboardKey = ['/api/caregiver/dashboard'] as const;
export const familyDashboardKey = ['/api/family/dashboard'] as const;

export function useCaregiverDashboard(enabled = true) {
  return useQuery({
    queryKey: caregiverDashboardKey,
    queryFn: ({ signal }) => apiGet<CaregiverDashboardResponse>('/api/caregiver/dashboard', signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useFamilyDashboard() {
  return useQuery({
    queryKey: familyDashboardKey,
    queryFn: ({ signal }) => apiGet<FamilyDashboardResponse>('/api/family/dashboard', signal),
    staleTime: 0,
    retry: false,
  });
}

/** Accept or Decline a pending request (the bookings API's state machine). */
export function useAnswerBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      apiPost<unknown>(`/api/bookings/${id}/${answer}`),
    onSettled: () => qc.invalidateQueries({ queryKey: caregiverDashboardKey }),
  });
}
