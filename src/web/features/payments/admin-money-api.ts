import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMoneyItem, AdminPaymentsResponse } from '../../../shared/contracts/admin-payments';
import { apiGet } from '../../lib/api';
import { type AdminMoneyFilter, paymentKeys } from './api';

export type { AdminMoneyFilter, AdminMoneyItem, AdminPaymentsResponse };

export function adminMoneyQuery(filter: AdminMoneyFilter) {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.bookingId) params.set('bookingId', String(filter.bookingId));
  if (filter.userId) params.set('userId', String(filter.userId));
  return queryOptions({
    queryKey: paymentKeys.adminList(filter),
    queryFn: ({ signal }) => apiGet<AdminPaymentsResponse>(`/api/admin/payments?${params}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminMoney(filter: AdminMoneyFilter) {
  return useQuery(adminMoneyQuery(filter));
}
