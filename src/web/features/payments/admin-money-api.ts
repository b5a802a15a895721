import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMoneyItem, AdminPaymentsResponse } from '../../../shared/contracts/admin-payments';
import type { PlanChargeRefundResult, RefundPlanChargeRequest } from '../../../shared/contracts/plans';
import { apiErrorFrom, apiGet } from '../../lib/api';
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

/**
 * POST /api/admin/plans/charges/:id/refund (ADR 0054) with an Idempotency-Key kept per opened dialog: a
 * double click or a retry never refunds twice.
 */
export async function refundPlanCharge(
  chargeId: number,
  body: RefundPlanChargeRequest,
  idempotencyKey: string,
): Promise<PlanChargeRefundResult> {
  const res = await fetch(`/api/admin/plans/charges/${chargeId}/refund`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'fetch',
      Accept: 'application/json',
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  const data = (await res.json().catch(() => ({}))) as PlanChargeRefundResult;
  if (!res.ok) throw apiErrorFrom(res, data, 'The refund did not go through. Please try again.');
  return data;
}

export function useRefundPlanCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, body, key }: { chargeId: number; body: RefundPlanChargeRequest; key: string }) =>
      refundPlanCharge(chargeId, body, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payments', 'admin', 'list'] }),
  });
}
