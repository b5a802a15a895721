import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodView } from '../../../shared/contracts/payment-methods';
import type {
  AdminPaymentItem,
  CreatePaymentRequest,
  CreateTipRequest,
  EarningsView,
  HostedPaymentResponse,
  PaymentView,
  PayoutAccountRequest,
  PayoutAccountView,
  PayoutBatchView,
  TipView,
} from '../../../shared/contracts/payments';
import { apiErrorFrom, apiGet, apiPost, apiRequest } from '../../lib/api';
import { bookingKeys } from '../bookings/api';

export type {
  AdminPaymentItem,
  EarningsView,
  PaymentMethodView,
  PaymentView,
  PayoutAccountView,
  PayoutBatchView,
};

/** Card and wallet payments carry the single-use token of the provider's hosted card fields. */
export type PayBody = CreatePaymentRequest;

/**
 * POST /api/payments with an Idempotency-Key: the caller keeps one key per attempt, so a retry of the
 * same attempt (double click, flaky network) can never charge twice.
 */
export async function pay(body: PayBody, idempotencyKey: string): Promise<PaymentView> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Requested-With': 'fetch',
    Accept: 'application/json',
    'Idempotency-Key': idempotencyKey,
  };
  const res = await fetch('/api/payments', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'include',
  });
  const data = (await res.json().catch(() => ({}))) as PaymentView & { message?: string };
  if (!res.ok) {
    throw apiErrorFrom(res, data, 'Payment failed. Please try again.');
  }
  return data;
}

/**
 * POST /api/bookings/:id/hosted-payment (ADR 0053): starts the card payment on the provider's hosted page
 * (PowerTranz, 3-D Secure) for the amount the server computes. One Idempotency-Key per opened page.
 */
export async function beginHostedPayment(
  bookingId: number,
  idempotencyKey: string,
): Promise<HostedPaymentResponse> {
  const res = await fetch(`/api/bookings/${bookingId}/hosted-payment`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'fetch', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    credentials: 'include',
  });
  const data = (await res.json().catch(() => ({}))) as HostedPaymentResponse;
  if (!res.ok) throw apiErrorFrom(res, data, 'The secure card page could not be opened. Please try again.');
  return data;
}

export function usePay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PayBody; key: string }) => pay(body, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** The admin console's filter of the money list (admin-money-api.ts). */
export interface AdminMoneyFilter {
  bookingId?: number;
  userId?: number;
  page: number;
}

export const paymentKeys = {
  all: ['payments'] as const,
  earnings: ['payments', 'earnings'] as const,
  settings: ['payments', 'payout-account'] as const,
  awaiting: ['payments', 'admin', 'awaiting'] as const,
  batches: ['payments', 'admin', 'payout-batches'] as const,
  /** The admin console's list of every payment (admin-money-api.ts). */
  adminList: (filter: AdminMoneyFilter) => ['payments', 'admin', 'list', filter] as const,
};

export const earningsQuery = queryOptions({
  queryKey: paymentKeys.earnings,
  queryFn: ({ signal }) => apiGet<EarningsView>('/api/earnings', signal),
  staleTime: 0,
});

export function useEarnings() {
  return useQuery(earningsQuery);
}

export const payoutAccountQuery = queryOptions({
  queryKey: paymentKeys.settings,
  queryFn: ({ signal }) => apiGet<PayoutAccountView>('/api/payment-settings', signal),
});

/** Caregivers only: a family's screen must not ask (a 403 in the console, issue 32). */
export function usePayoutAccount(enabled = true) {
  return useQuery({ ...payoutAccountQuery, enabled });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountRequest) =>
      apiRequest<PayoutAccountView>('PUT', '/api/payment-settings', body),
    onSuccess: (data) => {
      queryClient.setQueryData(paymentKeys.settings, data);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.earnings });
    },
  });
}

export const awaitingTransfersQuery = queryOptions({
  queryKey: paymentKeys.awaiting,
  queryFn: ({ signal }) => apiGet<AdminPaymentItem[]>('/api/admin/payments/awaiting-transfer', signal),
  staleTime: 0,
});

export function useAwaitingTransfers() {
  return useQuery(awaitingTransfersQuery);
}

export function useMarkReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<PaymentView>(`/api/admin/payments/${id}/received`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.awaiting }),
  });
}

export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost<{
        ran: boolean;
        result?: { paid: number; totalCents: number; skippedNoAccount: number; batchId?: number | null };
      }>('/api/admin/jobs/payouts/run', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.batches }),
  });
}

/** The payout runs' bank-transfer batch files (ADR 0052), admins only. */
export const payoutBatchesQuery = queryOptions({
  queryKey: paymentKeys.batches,
  queryFn: ({ signal }) => apiGet<PayoutBatchView[]>('/api/admin/payouts/batches', signal),
});

export function usePayoutBatches() {
  return useQuery(payoutBatchesQuery);
}

/** Where an admin's browser downloads a batch file (a plain link: the session cookie goes with it). */
export const payoutBatchFileUrl = (id: number) => `/api/admin/payouts/batches/${id}/batch.csv`;

/** A family's saved cards (ADR 0032): brand, last 4 and expiry only; the card stays with the provider. */
export const paymentMethodsQuery = queryOptions({
  queryKey: [...paymentKeys.all, 'methods'] as const,
  queryFn: ({ signal }) => apiGet<PaymentMethodView[]>('/api/payment-methods', signal),
});

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQuery, enabled });
}

function usePaymentMethodChange<V, R>(change: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey }),
  });
}

export const useSavePaymentMethod = () =>
  usePaymentMethodChange((paymentToken: string) =>
    apiRequest<PaymentMethodView>('POST', '/api/payment-methods', { paymentToken }),
  );
export const useRemovePaymentMethod = () =>
  usePaymentMethodChange((id: number) => apiRequest('DELETE', `/api/payment-methods/${id}`));
export const useMakeDefaultPaymentMethod = () =>
  usePaymentMethodChange((id: number) =>
    apiRequest<PaymentMethodView>('POST', `/api/payment-methods/${id}/default`, {}),
  );

/** POST /api/bookings/:id/tip (ADR 0051) with an Idempotency-Key kept per dialog: a retry never tips twice. */
export async function tipBooking(
  bookingId: number,
  body: CreateTipRequest,
  idempotencyKey: string,
): Promise<TipView> {
  const res = await fetch(`/api/bookings/${bookingId}/tip`, {
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
  const data = (await res.json().catch(() => ({}))) as TipView & { message?: string };
  if (!res.ok) throw apiErrorFrom(res, data, 'The tip did not go through. Please try again.');
  return data;
}

export function useTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body, key }: { bookingId: number; body: CreateTipRequest; key: string }) =>
      tipBooking(bookingId, body, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
