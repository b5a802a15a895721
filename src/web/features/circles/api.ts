import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CircleList,
  CircleView,
  CreateCircleRequest,
  CreatedInvitation,
  CreateInvitationRequest,
  InvitationList,
  InvitationPreview,
  UpdateMemberRequest,
} from '../../../shared/contracts/circles';
import type { StatementView } from '../../../shared/contracts/statements';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export type { CircleView, StatementView };
export type CircleSummary = z.infer<typeof CircleList>['circles'][number];
export type CircleMember = CircleView['members'][number];
export type CreatedInvitationView = z.infer<typeof CreatedInvitation>;
export type OpenInvitation = z.infer<typeof InvitationList>['invitations'][number];
export type InvitationPreviewView = z.infer<typeof InvitationPreview>;

export const circleKeys = {
  all: ['circles'] as const,
  mine: ['circles', 'mine'] as const,
  detail: (id: number) => ['circles', 'detail', id] as const,
  invitations: (id: number) => ['circles', 'invitations', id] as const,
  invitation: (token: string) => ['circles', 'invitation', token] as const,
  statement: (id: number, month: string) => ['circles', 'statement', id, month] as const,
};

export const myCirclesQuery = queryOptions({
  queryKey: circleKeys.mine,
  queryFn: ({ signal }) => apiGet<z.infer<typeof CircleList>>('/api/circles', signal),
  staleTime: 0,
});

/** GET /api/circles: the signed-in family's circles, each with their roles. */
export function useMyCircles() {
  return useQuery(myCirclesQuery);
}

export function circleQuery(id: number) {
  return queryOptions({
    queryKey: circleKeys.detail(id),
    queryFn: ({ signal }) => apiGet<CircleView>(`/api/circles/${id}`, signal),
    staleTime: 0,
  });
}

/** GET /api/circles/:id (members only: anyone else gets 404). */
export function useCircle(id: number) {
  return useQuery({ ...circleQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /api/circles/:id/invitations: open invitations, asked for only by coordinators (others get 403). */
export function useOpenInvitations(id: number, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.invitations(id),
    queryFn: ({ signal }) => apiGet<z.infer<typeof InvitationList>>(`/api/circles/${id}/invitations`, signal),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/invitations/:token: what the invitation offers, for the account it was sent to. */
export function useInvitationPreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiGet<InvitationPreviewView>(`/api/invitations/${encodeURIComponent(token)}`, signal),
    staleTime: 0,
    retry: false,
    enabled,
  });
}

/** After any change the circle, its invitations and the list of circles are read again. */
function useRefreshCircles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: circleKeys.all });
}

export function useCreateCircle() {
  const refresh = useRefreshCircles();
  return useMutation({
    mutationFn: (body: CreateCircleRequest) => apiPost<CircleView>('/api/circles', body),
    onSuccess: refresh,
  });
}

export function useInvite(circleId: number) {
  const refresh = useRefreshCircles();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) =>
      apiPost<CreatedInvitationView>(`/api/circles/${circleId}/invitations`, body),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation(circleId: number) {
  const refresh = useRefreshCircles();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiRequest<void>('DELETE', `/api/circles/${circleId}/invitations/${invitationId}`),
    onSuccess: refresh,
  });
}

export function useUpdateMember(circleId: number) {
  const refresh = useRefreshCircles();
  return useMutation({
    mutationFn: ({ userId, ...body }: UpdateMemberRequest & { userId: number }) =>
      apiRequest<CircleView>('PATCH', `/api/circles/${circleId}/members/${userId}`, body),
    onSuccess: refresh,
  });
}

/**
 * Removes a member (coordinators) or, `leaving` with one's own id, leaves the circle. Whoever left is no
 * member any more: only their list of circles is read again (the circle itself would answer 404).
 */
export function useRemoveMember(circleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number; leaving: boolean }) =>
      apiRequest<void>('DELETE', `/api/circles/${circleId}/members/${userId}`),
    onSuccess: (_done, { leaving }) =>
      queryClient.invalidateQueries({ queryKey: leaving ? circleKeys.mine : circleKeys.all }),
  });
}

export function useAcceptInvitation(token: string) {
  const refresh = useRefreshCircles();
  return useMutation({
    mutationFn: () => apiPost<CircleView>(`/api/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: refresh,
  });
}

/**
 * The address of a circle's statement for a Jamaica month (ADR 0026): 'json' for the screen, 'csv' and 'pdf'
 * to download (the session cookie goes along with a plain link).
 */
export function statementUrl(circleId: number, month: string, format: 'json' | 'csv' | 'pdf'): string {
  return `/api/circles/${circleId}/statement?month=${encodeURIComponent(month)}&format=${format}`;
}

/** GET /api/circles/:id/statement?format=json: payers and coordinators only (viewers get 403). */
export function useCircleStatement(circleId: number, month: string, enabled: boolean) {
  return useQuery({
    queryKey: circleKeys.statement(circleId, month),
    queryFn: ({ signal }) => apiGet<StatementView>(statementUrl(circleId, month, 'json'), signal),
    staleTime: 0,
    enabled,
  });
}
