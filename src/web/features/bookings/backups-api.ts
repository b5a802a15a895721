import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupOffers, RebookAnswer } from '../../../shared/contracts/backups';
import { apiGet, apiPost } from '../../lib/api';
import { bookingKeys } from './api';

export type { BackupOffer, BackupOffers, RebookAnswer } from '../../../shared/contracts/backups';

export const backupKeys = {
  offers: (id: number) => ['bookings', 'backups', id] as const,
};

/** GET /api/bookings/{id}/backups: computed live by the server, never cached for long (ADR 0034). */
export function backupOffersQuery(id: number) {
  return queryOptions({
    queryKey: backupKeys.offers(id),
    queryFn: ({ signal }) => apiGet<BackupOffers>(`/api/bookings/${id}/backups`, signal),
    staleTime: 0,
  });
}

export function useBackupOffers(id: number) {
  return useQuery({ ...backupOffersQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** POST /api/bookings/{id}/rebook: one tap books the backup; every booking list and the offers refresh. */
export function useRebook(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caregiverId: number) => apiPost<RebookAnswer>(`/api/bookings/${id}/rebook`, { caregiverId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
