import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaregiverDashboardResponse,
  FamilyDashboardResponse,
} from '../../../shared/contracts/dashboard';
import { apiGet } from '../../lib/api';
import { answerBooking } from '../bookings/api';
import { dashboardKeys } from './query-keys';

export type { CaregiverDashboardResponse, FamilyDashboardResponse };

export { dashboardKeys };

export const caregiverDashboardQuery = queryOptions({
  queryKey: dashboardKeys.caregiver,
  queryFn: ({ signal }) => apiGet<CaregiverDashboardResponse>('/api/caregiver/dashboard', signal),
  staleTime: 0,
  retry: false,
});

export function useCaregiverDashboard(enabled = true) {
  return useQuery({ ...caregiverDashboardQuery, enabled });
}

export const familyDashboardQuery = queryOptions({
  queryKey: dashboardKeys.family,
  queryFn: ({ signal }) => apiGet<FamilyDashboardResponse>('/api/family/dashboard', signal),
  staleTime: 0,
  retry: false,
});

export function useFamilyDashboard() {
  return useQuery(familyDashboardQuery);
}

/** Accept or Decline a pending request (the bookings API's state machine). */
export function useAnswerBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) => answerBooking(id, answer),
    onSettled: () => qc.invalidateQueries({ queryKey: dashboardKeys.caregiver }),
  });
}
