import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingView } from '../../../shared/contracts/bookings';
import type {
  FavouriteCaregiver,
  FavouriteState,
  RebookOptions,
  RebookRequest,
} from '../../../shared/contracts/favourites';
import { apiGet, apiRequest } from '../../lib/api';
import { dashboardKeys } from '../dashboard/query-keys';

export type { FavouriteCaregiver };

export const favouriteKeys = {
  all: ['favourites'] as const,
  mine: ['favourites', 'mine'] as const,
};

export const favouritesQuery = queryOptions({
  queryKey: favouriteKeys.mine,
  queryFn: ({ signal }) => apiGet<FavouriteCaregiver[]>('/api/favourites', signal),
  staleTime: 60_000,
});

/** The signed-in family's favourites (one query shared by every heart on the page). */
export function useFavourites(enabled = true) {
  return useQuery({ ...favouritesQuery, enabled });
}

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caregiverId, favourite }: { caregiverId: number; favourite: boolean }) =>
      apiRequest<z.infer<typeof FavouriteState>>(
        favourite ? 'PUT' : 'DELETE',
        `/api/favourites/${caregiverId}`,
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: favouriteKeys.all });
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.family });
    },
  });
}

/** Whether one-tap rebooking is in the family's plan, and the booking it would repeat (fetched on opening). */
export function useRebookOptions(caregiverId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...favouriteKeys.all, 'rebook', caregiverId],
    queryFn: ({ signal }) => apiGet<RebookOptions>(`/api/favourites/${caregiverId}/rebook`, signal),
    enabled,
  });
}

export function useRebook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caregiverId, ...body }: { caregiverId: number } & RebookRequest) =>
      apiRequest<BookingView>('POST', `/api/favourites/${caregiverId}/rebook`, body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.family });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
