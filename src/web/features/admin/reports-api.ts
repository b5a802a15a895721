import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReportItem, ReportActionRequest } from '../../../shared/contracts/reports';
import { apiGet, apiPost } from '../../lib/api';
import { adminKeys, type ReportStatus } from './api';

export type { AdminReportItem, ReportActionRequest };

export const adminReportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => apiGet<AdminReportItem[]>(`/api/admin/reports?status=${status}`, signal),
    staleTime: 0,
  });

export function useAdminReports(status: ReportStatus) {
  return useQuery(adminReportsQuery(status));
}

export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReportActionRequest }) =>
      apiPost<null>(`/api/admin/reports/${id}/actions`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.reportLists }),
  });
}
