import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyToCareRequest,
  CareRequestView,
  CreateCareRequest,
  ShortlistPick,
  ShortlistQueueItem,
} from '../../../shared/contracts/care-requests';
import { apiGet, apiPost } from '../../lib/api';

export type { Applicant, CareRequestView, ShortlistQueueItem } from '../../../shared/contracts/care-requests';

export const careRequestKeys = {
  all: ['care-requests'] as const,
  list: ['care-requests', 'list'] as const,
  detail: (id: number) => ['care-requests', 'detail', id] as const,
  shortlists: ['care-requests', 'admin-shortlists'] as const,
};

interface Created {
  id: number;
  contactDetailsMasked: boolean;
}

/** GET /api/care-requests: a family's own requests, or the open requests that fit a caregiver. */
export function useCareRequests() {
  return useQuery(
    queryOptions({
      queryKey: careRequestKeys.list,
      queryFn: ({ signal }) => apiGet<CareRequestView[]>('/api/care-requests', signal),
      staleTime: 0,
    }),
  );
}

export function useCareRequest(id: number) {
  return useQuery({
    queryKey: careRequestKeys.detail(id),
    queryFn: ({ signal }) => apiGet<CareRequestView>(`/api/care-requests/${id}`, signal),
    staleTime: 0,
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useCareRequestMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: careRequestKeys.all }),
  });
}

export const usePostCareRequest = () =>
  useCareRequestMutation((body: CreateCareRequest) => apiPost<Created>('/api/care-requests', body));

export const useApply = (id: number) =>
  useCareRequestMutation((body: ApplyToCareRequest) =>
    apiPost<Created>(`/api/care-requests/${id}/applications`, body),
  );

export const useBookApplicant = (id: number) =>
  useCareRequestMutation((appId: number) =>
    apiPost<{ bookingId: number }>(`/api/care-requests/${id}/applications/${appId}/book`),
  );

export const useWithdraw = (id: number) =>
  useCareRequestMutation(() => apiPost<CareRequestView>(`/api/care-requests/${id}/withdraw`));

export const useAskShortlist = (id: number) =>
  useCareRequestMutation(() => apiPost<CareRequestView>(`/api/care-requests/${id}/shortlist-request`));

export function useShortlistQueue() {
  return useQuery({
    queryKey: careRequestKeys.shortlists,
    queryFn: ({ signal }) => apiGet<ShortlistQueueItem[]>('/api/admin/shortlists', signal),
    staleTime: 0,
  });
}

export const usePickShortlist = () =>
  useCareRequestMutation(({ id, ...body }: ShortlistPick & { id: number }) =>
    apiPost<unknown>(`/api/admin/shortlists/${id}`, body),
  );
