import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReportItem, ReportActionRequest } from '../../../shared/contracts/reports';
import { apiGet, apiPost } from '../../lib/api';

export type { AdminReportItem, ReportActionRequest };

// Under '/api/admin/reports' so realtime invalidation of messaging refreshes the queue too.
const reportsKey = (status: 'open' | 'resolved') => ['/api/admin/reports', status] as const;

export function useAdminReports(status: 'open' | 'resolved') {
  return useQuery({
    queryKey: reportsKey(status),
    queryFn: ({ signal }) => apiGet<AdminReportItem[]>(`/api/admin/reports?status=${status}`, signal),
    staleTime: 0,
  });
}

export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReportActionRequest }) =>
      apiPost<null>(`/api/admin/reports/${id}/actions`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/reports'] }),
  });
}
