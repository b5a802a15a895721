import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PublicUser } from '../../../shared/contracts/auth';
import type {
  CreateCaregiverRequest,
  MyCaregiverProfile,
  PhotoResponse,
  UpdateCaregiverRequest,
  UpdateMeRequest,
} from '../../../shared/contracts/caregiver-profile';
import type { OnboardingDraft, SaveOnboardingDraftRequest } from '../../../shared/contracts/onboarding-draft';
import { ApiError, apiGet, apiPost, apiRequest } from '../../lib/api';
import { apiUpload } from '../../lib/upload';
import { authKeys } from '../auth/api';

export type { MyCaregiverProfile };
export type CreateCaregiverBody = z.input<typeof CreateCaregiverRequest>;
export type UpdateCaregiverBody = z.input<typeof UpdateCaregiverRequest>;
export type UpdateMeBody = z.input<typeof UpdateMeRequest>;

export const caregiverProfileKeys = {
  all: ['caregiver-profile'] as const,
  me: ['caregiver-profile', 'me'] as const,
  onboardingDraft: ['caregiver-profile', 'onboarding-draft'] as const,
};
export type { OnboardingDraft };
export type SaveOnboardingDraftBody = z.input<typeof SaveOnboardingDraftRequest>;

/** The onboarding wizard's saved draft (prefilled with the signup parish and town); null if unreachable. */
export const onboardingDraftQuery = queryOptions({
  queryKey: caregiverProfileKeys.onboardingDraft,
  queryFn: async ({ signal }) => {
    try {
      return await apiGet<OnboardingDraft>('/api/caregivers/me/onboarding-draft', signal);
    } catch (error) {
      // No draft service (or none for this account): the wizard starts empty rather than not at all.
      if (error instanceof ApiError && error.status < 500) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useOnboardingDraft(enabled = true) {
  return useQuery({ ...onboardingDraftQuery, enabled });
}

/** Saves the wizard's step and values (on each Next). */
export function useSaveOnboardingDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveOnboardingDraftBody) =>
      apiRequest<OnboardingDraft>('PUT', '/api/caregivers/me/onboarding-draft', body),
    onSuccess: (draft) => queryClient.setQueryData(caregiverProfileKeys.onboardingDraft, draft),
  });
}

/**
 * The signed-in caregiver's profile, or null before onboarding. Asked with ifExists=true, so "no profile yet"
 * is a 200 with null, not a 404 in the browser's console (issue 32); a 404 still means no profile.
 */
export const myCaregiverProfileQuery = queryOptions({
  queryKey: caregiverProfileKeys.me,
  queryFn: async ({ signal }) => {
    try {
      return await apiGet<MyCaregiverProfile | null>('/api/caregivers/me?ifExists=true', signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export function useMyCaregiverProfile(enabled = true) {
  return useQuery({ ...myCaregiverProfileQuery, enabled });
}

export function useCreateCaregiverProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaregiverBody) => apiPost<MyCaregiverProfile>('/api/caregivers', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(caregiverProfileKeys.me, profile);
      // The server deleted the onboarding draft with the profile.
      queryClient.removeQueries({ queryKey: caregiverProfileKeys.onboardingDraft });
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useUpdateCaregiverProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaregiverBody) =>
      apiRequest<MyCaregiverProfile>('PATCH', '/api/caregivers/me', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(caregiverProfileKeys.me, profile);
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => apiRequest<PublicUser>('PATCH', '/api/users/me', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: caregiverProfileKeys.me });
    },
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return apiUpload<PhotoResponse>('/api/users/me/photo', form);
    },
    onSuccess: ({ profileImageUrl }) => {
      queryClient.setQueryData<PublicUser | null>(authKeys.me, (user) =>
        user ? { ...user, profileImageUrl } : user,
      );
      void queryClient.invalidateQueries({ queryKey: caregiverProfileKeys.me });
    },
  });
}
