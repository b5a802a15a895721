import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReconciliationMismatch,
  ReconciliationMismatchList,
  ReconciliationRunList,
  ReconciliationRunNow,
} from '../../../shared/contracts/reconciliation';
import { apiGet, apiPost } from '../../lib/api';

export type { ReconciliationMismatch };

export type MismatchFilter = 'open' | 'resolved' | 'all';

export const moneyAuditKeys = {
  all: ['money-audit'] as const,
  mismatches: (state: MismatchFilter) => ['money-audit', 'mismatches', state] as const,
  runs: ['money-audit', 'runs'] as const,
};

/** GET /api/admin/money-audit/mismatches (admins). */
export const mismatchesQuery = (state: MismatchFilter) =>
  queryOptions({
    queryKey: moneyAuditKeys.mismatches(state),
    queryFn: ({ signal }) =>
      apiGet<ReconciliationMismatchList>(`/api/admin/money-audit/mismatches?state=${state}`, signal),
  });

export function useMismatches(state: MismatchFilter) {
  return useQuery(mismatchesQuery(state));
}

/** GET /api/admin/money-audit/runs (admins): the last runs, newest first. */
export const reconciliationRunsQuery = queryOptions({
  queryKey: moneyAuditKeys.runs,
  queryFn: ({ signal }) => apiGet<ReconciliationRunList>('/api/admin/money-audit/runs', signal),
});

export function useReconciliationRuns() {
  return useQuery(reconciliationRunsQuery);
}

/** POST /api/admin/money-audit/run: the reconciliation now. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<ReconciliationRunNow>('/api/admin/money-audit/run', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyAuditKeys.all }),
  });
}

/** POST /api/admin/money-audit/mismatches/:id/resolve with the admin's note. */
export function useResolveMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      apiPost<ReconciliationMismatch>(`/api/admin/money-audit/mismatches/${id}/resolve`, { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyAuditKeys.all }),
  });
}
