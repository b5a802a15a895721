import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMoneyItem, AdminPaymentsResponse } from '../../../shared/contracts/admin-payments';
import { apiGet } from '../../lib/api';

export type { AdminMoneyItem, AdminPaymentsResponse };
export interface AdminMoneyFilter {
  bookingId?: number;
  userId?: number;
  page: number;
}

export function useAdminMoney(filter: AdminMoneyFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.bookingId) params.set('bookingId', String(filter.bookingId));
  if (filter.userId) params.set('userId', String(filter.userId));
  return useQuery({
    queryKey: ['/api/admin/payments', 'list', filter] as const,
    queryFn: ({ signal }) => apiGet<AdminPaymentsResponse>(`/api/admin/payments?${params}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
