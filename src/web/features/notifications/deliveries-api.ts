import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDeliveriesResponse,
  AdminDelivery,
  DeliveryChannel,
  DeliveryStatus,
  RetryDeliveryResponse,
} from '../../../shared/contracts/deliveries';
import { apiGet, apiPost } from '../../lib/api';

export type { AdminDelivery, DeliveryChannel, DeliveryStatus };

/** The admin delivery log's filters (ADR 0033): a user by id or e-mail, a notice kind, channel, status. */
export interface DeliveryFilter {
  userId?: number;
  email?: string;
  kind?: string;
  channel?: DeliveryChannel;
  status?: DeliveryStatus;
  page: number;
}

export const deliveryKeys = {
  all: ['deliveries'] as const,
  admin: (f: DeliveryFilter) => ['deliveries', 'admin', f] as const,
};

export function adminDeliveriesQuery(filter: DeliveryFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  for (const key of ['userId', 'email', 'kind', 'channel', 'status'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return queryOptions({
    queryKey: deliveryKeys.admin(filter),
    queryFn: ({ signal }) => apiGet<AdminDeliveriesResponse>(`/api/admin/deliveries?${params}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminDeliveries(filter: DeliveryFilter) {
  return useQuery(adminDeliveriesQuery(filter));
}

/** Sends a failed (or never confirmed) delivery again now; the log refreshes. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<RetryDeliveryResponse>(`/api/admin/deliveries/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
