import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptList, ReceiptView } from '../../../shared/contracts/receipts';
import { apiGet } from '../../lib/api';

export type { ReceiptList, ReceiptView };

export const receiptKeys = {
  all: ['receipts'] as const,
  page: (page: number) => ['receipts', 'page', page] as const,
  detail: (number: string) => ['receipts', 'detail', number] as const,
};

/** GET /api/receipts: my receipts, newest first, a page at a time. */
export function useReceipts(page: number) {
  return useQuery(
    queryOptions({
      queryKey: receiptKeys.page(page),
      queryFn: ({ signal }) => apiGet<ReceiptList>(`/api/receipts?page=${page}`, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/receipts/:number: one receipt as I may read it. */
export function useReceipt(number: string) {
  return useQuery(
    queryOptions({
      queryKey: receiptKeys.detail(number),
      queryFn: ({ signal }) => apiGet<ReceiptView>(`/api/receipts/${encodeURIComponent(number)}`, signal),
      retry: false,
    }),
  );
}

/** Where a receipt's PDF downloads from (the session cookie goes with the link). */
export const receiptPdfUrl = (number: string) => `/api/receipts/${encodeURIComponent(number)}/pdf`;
