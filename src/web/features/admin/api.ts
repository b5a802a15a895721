import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminUser,
  AdminUsersResponse,
  AdminVerificationItem,
  AdminVerificationsResponse,
  SuspendUserRequest,
  VerificationDecisionRequest,
} from '../../../shared/contracts/admin';
import type { VerificationState, VerificationStatus } from '../../../shared/contracts/verification';
import { apiGet, apiPost } from '../../lib/api';

export type { AdminUser, AdminVerificationItem };
export type DecisionBody = z.input<typeof VerificationDecisionRequest>;
export type SuspendUserBody = z.input<typeof SuspendUserRequest>;

export type ReportStatus = 'open' | 'resolved';

export const adminKeys = {
  all: ['admin'] as const,
  verificationLists: ['admin', 'verifications'] as const,
  verifications: (status: VerificationStatus) => ['admin', 'verifications', status] as const,
  verification: (userId: number) => ['admin', 'verification', userId] as const,
  /** A private verification document, fetched as a blob for the preview. */
  document: (documentId: number) => ['admin', 'document', documentId] as const,
  userLists: ['admin', 'users'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  /** Realtime messaging events refresh the reports queue too (messages/api.ts invalidateMessaging). */
  reportLists: ['admin', 'reports'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
};

export const adminVerificationsQuery = (status: VerificationStatus) =>
  queryOptions({
    queryKey: adminKeys.verifications(status),
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof AdminVerificationsResponse>>(`/api/admin/verifications?status=${status}`, signal),
    staleTime: 0,
  });

export function useAdminVerifications(status: VerificationStatus) {
  return useQuery(adminVerificationsQuery(status));
}

export const adminVerificationQuery = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.verification(userId),
    queryFn: ({ signal }) => apiGet<VerificationState>(`/api/admin/verifications/${userId}`, signal),
    staleTime: 0,
  });

export function useAdminVerification(userId: number | null) {
  return useQuery({ ...adminVerificationQuery(userId ?? 0), enabled: userId !== null });
}

export function useDecision(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) =>
      apiPost<VerificationState>(`/api/admin/verifications/${userId}/decision`, body),
    onSuccess: (state) => {
      queryClient.setQueryData(adminKeys.verification(userId), state);
      void queryClient.invalidateQueries({ queryKey: adminKeys.verificationLists });
    },
  });
}

export const adminUsersQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof AdminUsersResponse>>(
        `/api/admin/users?limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminUsers(q: string) {
  return useQuery(adminUsersQuery(q));
}

export function useSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: number } & Pick<SuspendUserBody, 'suspended'>) =>
      apiPost<AdminUser>(`/api/admin/users/${userId}/suspension`, { suspended }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.userLists }),
  });
}
