import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptMeetingRequest,
  CreateMeetingRequest,
  DeclineMeetingRequest,
  MeetingOutcomeRequest,
  MeetingStatus,
  MeetingView,
  ProposeMeetingRequest,
} from '../../../shared/contracts/meetings';
import { apiGet, apiPost } from '../../lib/api';

export type { MeetingView } from '../../../shared/contracts/meetings';

export const meetingKeys = {
  all: ['meetings'] as const,
  list: ['meetings', 'list'] as const,
};

/** GET /api/meetings: the signed-in user's meetings, newest first. */
export const meetingsQuery = queryOptions({
  queryKey: meetingKeys.list,
  queryFn: ({ signal }) => apiGet<MeetingView[]>('/api/meetings', signal),
  staleTime: 0,
});

export const useMeetings = (enabled = true) => useQuery({ ...meetingsQuery, enabled });

function useMeetingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

/** POST /api/meetings: a family asks a caregiver to meet. */
export const useAskToMeet = () =>
  useMeetingMutation((body: CreateMeetingRequest) =>
    apiPost<{ id: number; status: 'requested' }>('/api/meetings', body),
  );

type Status = { id: number; status: MeetingStatus };

export const useAcceptMeeting = (id: number) =>
  useMeetingMutation((body: AcceptMeetingRequest) =>
    apiPost<{ status: 'confirmed'; time: string; videoUrl?: string }>(`/api/meetings/${id}/accept`, body),
  );
export const useProposeMeeting = (id: number) =>
  useMeetingMutation((body: ProposeMeetingRequest) => apiPost<Status>(`/api/meetings/${id}/propose`, body));
export const useDeclineMeeting = (id: number) =>
  useMeetingMutation((body: DeclineMeetingRequest) => apiPost<Status>(`/api/meetings/${id}/decline`, body));
export const useCancelMeeting = (id: number) =>
  useMeetingMutation(() => apiPost<Status>(`/api/meetings/${id}/cancel`));
export const useMeetingOutcome = (id: number) =>
  useMeetingMutation((body: MeetingOutcomeRequest) => apiPost<Status>(`/api/meetings/${id}/outcome`, body));
export const useReportMeeting = (id: number) =>
  useMutation({
    mutationFn: (reason: string) => apiPost<{ id: number }>(`/api/meetings/${id}/report`, { reason }),
  });
