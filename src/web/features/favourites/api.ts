import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FavouriteCaregiver, FavouriteState } from '../../../shared/contracts/favourites';
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
