import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, login, requestPasswordReset, resetPassword, resetSessionCache, signup } from './api';

/*
 * The sign-in forms' mutations, beside api.ts rather than in it: api.ts is on every page's first screen
 * (the header reads the current user), these only on the forms' pages, and with them TanStack's mutation
 * observer (docs/decisions/0023-home-page-javascript-budget.md).
 */

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => resetSessionCache(queryClient, user),
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => resetSessionCache(queryClient, user),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
