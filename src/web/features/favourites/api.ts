import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { FavouriteCaregiver, FavouriteState } from '../../../shared/contracts/favourites';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { useCurrentUser } from '../auth/api';
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

/** Counts one view of a caregiver's profile (the server counts once per visitor per day). */
export function useRecordProfileView(caregiverId: number) {
  // Wait for the session check so a signed-in visitor is counted as themselves, not as an anonymous one.
  const { isPending } = useCurrentUser();
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (isPending || sent.current === caregiverId) return;
    sent.current = caregiverId;
    apiPost(`/api/caregivers/${caregiverId}/views`).catch(() => {
      // A lost view count is not worth bothering anyone about.
    });
  }, [caregiverId, isPending]);
}
