import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerSupportTicketRequest,
  CreateSupportTicketRequest,
  CreateSupportTicketResponse,
  SupportTicket,
  SupportTicketStatus,
  SupportTicketsResponse,
} from '../../../shared/contracts/support';
import { apiGet, apiPost } from '../../lib/api';

export type { SupportTicket };
export type TicketFilter = SupportTicketStatus | 'all';

export const supportKeys = {
  all: ['support'] as const,
  mine: ['support', 'mine'] as const,
  adminLists: ['support', 'admin'] as const,
  admin: (status: TicketFilter) => ['support', 'admin', status] as const,
};

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSupportTicketRequest) =>
      apiPost<CreateSupportTicketResponse>('/api/support/tickets', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.mine }),
  });
}

export const myTicketsQuery = queryOptions({
  queryKey: supportKeys.mine,
  queryFn: ({ signal }) => apiGet<SupportTicketsResponse>('/api/support/tickets/mine', signal),
});

export function useMyTickets(enabled: boolean) {
  return useQuery({ ...myTicketsQuery, enabled });
}

export const adminTicketsQuery = (status: TicketFilter) =>
  queryOptions({
    queryKey: supportKeys.admin(status),
    queryFn: ({ signal }) =>
      apiGet<SupportTicketsResponse>(`/api/admin/support/tickets?status=${status}`, signal),
    staleTime: 0,
  });

export function useAdminTickets(status: TicketFilter) {
  return useQuery(adminTicketsQuery(status));
}

export function useAnswerTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerSupportTicketRequest & { id: number }) =>
      apiPost<SupportTicket>(`/api/admin/support/tickets/${id}/answer`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.adminLists }),
  });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<SupportTicket>(`/api/admin/support/tickets/${id}/close`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.adminLists }),
  });
}
