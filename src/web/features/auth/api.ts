import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  PublicUser,
  ResetPasswordRequest,
  SignupRequest,
} from '../../../shared/contracts/auth';
import type { MessageResponse } from '../../../shared/contracts/common';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { configKeys } from '../config/api';

export type { PublicUser };
export type LoginBody = z.input<typeof LoginRequest>;
export type SignupBody = z.input<typeof SignupRequest>;
export type ForgotPasswordBody = z.input<typeof ForgotPasswordRequest>;
export type ResetPasswordBody = z.input<typeof ResetPasswordRequest>;
export type ChangePasswordBody = z.input<typeof ChangePasswordRequest>;
export type MessageBody = z.infer<typeof MessageResponse>;

export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
};

/** The signed-in user, or null when the server says nobody is (401, 403 or 404; docs/product.md#the-api-contract). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
  try {
    // optional=1: a visitor gets 204 (no body) rather than a 401 the browser would log as an error.
    return (await apiGet<PublicUser | undefined>('/api/auth/me?optional=1', signal)) ?? null;
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return null;
    throw new Error('Failed to fetch user data', { cause: error });
  }
}

export const currentUserQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export const login = (body: LoginBody) => apiPost<AuthResponse>('/api/auth/login', body);
export const signup = (body: SignupBody) => apiPost<AuthResponse>('/api/auth/signup', body);
export const logout = () => apiPost<unknown>('/api/auth/logout');
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  apiPost<ForgotPasswordResponse>('/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordBody) =>
  apiPost<MessageBody>('/api/auth/reset-password', body);
export const changePassword = (body: ChangePasswordBody) =>
  apiPost<MessageBody>('/api/auth/change-password', body);

/** Keys that survive a change of session: they describe the server, not the person. */
const SESSION_INDEPENDENT = new Set<unknown>([configKeys.all[0]]);

/**
 * A new session (or none) makes every cached answer suspect: drop them all, except the app config,
 * then seed the current user so guards don't refetch it.
 */
export function resetSessionCache(queryClient: QueryClient, user: PublicUser | null): void {
  // The current-user query is updated in place, not removed: components already observing it (the header)
  // would otherwise keep showing the removed query's old answer.
  queryClient.removeQueries({
    predicate: (query) =>
      !SESSION_INDEPENDENT.has(String(query.queryKey[0])) && query.queryHash !== JSON.stringify(authKeys.me),
  });
  queryClient.setQueryData(authKeys.me, user);
}

/** Where a role lands after login (docs/product.md#flows). */
export function landingPathFor(user: Pick<PublicUser, 'userType'>): string {
  if (user.userType === 'caregiver') return '/caregiver-dashboard';
  if (user.userType === 'admin') return '/admin';
  return '/dashboard';
}
