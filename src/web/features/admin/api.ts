import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminUser,
  AdminUsersResponse,
  AdminVerificationItem,
  AdminVerificationsResponse,
  VerificationDecisionRequest,
} from '../../../shared/contracts/admin';
import type { VerificationState, VerificationStatus } from '../../../shared/contracts/verification';
import { apiGet, apiPost } from '../../lib/api';

export type { AdminUser, AdminVerificationItem };
export type DecisionBody = z.input<typeof VerificationDecisionRequest>;

export const adminKeys = {
  verifications: (status: VerificationStatus) => ['admin', 'verifications', status] as const,
  verification: (userId: number) => ['admin', 'verification', userId] as const,
  users: (q: string) => ['admin', 'users', q] as const,
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

export function useAdminVerification(userId: number | null) {
  return useQuery({
    queryKey: adminKeys.verification(userId ?? 0),
    queryFn: ({ signal }) => apiGet<VerificationState>(`/api/admin/verifications/${userId}`, signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useDecision(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) =>
      apiPost<VerificationState>(`/api/admin/verifications/${userId}/decision`, body),
    onSuccess: (state) => {
      queryClient.setQueryData(adminKeys.verification(userId), state);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'verifications'] });
    },
  });
}

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) =>
      apiGet<z.infer<typeof AdminUsersResponse>>(
        `/api/admin/users?limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: number; suspended: boolean }) =>
      apiPost<AdminUser>(`/api/admin/users/${userId}/suspension`, { suspended }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
