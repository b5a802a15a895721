import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvailabilityException,
  CreateExtraHoursRequest,
  CreateTimeOffRequest,
  FreeSlotsResponse,
} from '../../../shared/contracts/availability';
import { apiGet, apiRequest } from '../../lib/api';

export type { AvailabilityException, FreeSlotsResponse };

export const availabilityKeys = {
  all: ['availability'] as const,
  freeSlots: (caregiverId: number, from: string | undefined, days: number) =>
    ['availability', 'free-slots', caregiverId, from ?? 'today', days] as const,
  mine: (kind: 'time-off' | 'extra-hours') => ['availability', 'mine', kind] as const,
};

/** A caregiver's free time per Jamaica day (public), from `from` (default: today in Jamaica) for `days` days. */
export const freeSlotsQuery = (caregiverId: number, from?: string, days = 28) =>
  queryOptions({
    queryKey: availabilityKeys.freeSlots(caregiverId, from, days),
    queryFn: ({ signal }) =>
      apiGet<FreeSlotsResponse>(
        `/api/caregivers/${caregiverId}/free-slots?${new URLSearchParams({ ...(from ? { from } : {}), days: String(days) })}`,
        signal,
      ),
    staleTime: 60_000,
  });

export function useFreeSlots(caregiverId: number, from?: string, days = 28) {
  return useQuery(freeSlotsQuery(caregiverId, from, days));
}

/** The signed-in caregiver's current and upcoming time off, or extra hours. */
export function useMyExceptions(kind: 'time-off' | 'extra-hours') {
  return useQuery({
    queryKey: availabilityKeys.mine(kind),
    queryFn: ({ signal }) => apiGet<AvailabilityException[]>(`/api/caregivers/me/${kind}`, signal),
  });
}

export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTimeOffRequest) =>
      apiRequest<{ id: number }>('POST', '/api/caregivers/me/time-off', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

export function useAddExtraHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExtraHoursRequest) =>
      apiRequest<{ id: number }>('POST', '/api/caregivers/me/extra-hours', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

export function useRemoveException(kind: 'time-off' | 'extra-hours') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/caregivers/me/${kind}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
