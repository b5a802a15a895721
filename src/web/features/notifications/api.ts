import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPhone,
  NotificationPreferences,
  PhoneCodeSent,
  SetPhoneRequest,
  UpdateNotificationPreferencesRequest,
  VerifyPhoneRequest,
} from '../../../shared/contracts/notification-preferences';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
};

export const latestNotificationsQuery = queryOptions({
  queryKey: notificationKeys.latest,
  queryFn: ({ signal }) => apiGet<NotificationsResponse>('/api/notifications?limit=10', signal),
  staleTime: 0,
});

export function useNotifications() {
  return useQuery(latestNotificationsQuery);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<null>(`/api/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** /settings → Notifications (ADR 0036): channels per kind, quiet hours and the phone texts go to. */
export const notificationPreferenceKeys = {
  all: ['notification-preferences'] as const,
};

export const notificationPreferencesQuery = queryOptions({
  queryKey: notificationPreferenceKeys.all,
  queryFn: ({ signal }) => apiGet<NotificationPreferences>('/api/notifications/preferences', signal),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesRequest) =>
      apiRequest<NotificationPreferences>('PUT', '/api/notifications/preferences', body),
    onSuccess: (prefs) => queryClient.setQueryData(notificationPreferenceKeys.all, prefs),
  });
}

/** Keeps the cached preferences' phone in step with what the server answered. */
function usePhoneUpdate() {
  const queryClient = useQueryClient();
  return (phone: NotificationPhone) =>
    queryClient.setQueryData<NotificationPreferences>(notificationPreferenceKeys.all, (prev) =>
      prev ? { ...prev, phone } : prev,
    );
}

export function useSendPhoneCode() {
  const update = usePhoneUpdate();
  return useMutation({
    mutationFn: (body: SetPhoneRequest) => apiPost<PhoneCodeSent>('/api/users/me/phone', body),
    onSuccess: (res) => update(res.phone),
  });
}

export function useVerifyPhone() {
  const update = usePhoneUpdate();
  return useMutation({
    mutationFn: (body: VerifyPhoneRequest) => apiPost<NotificationPhone>('/api/users/me/phone/verify', body),
    onSuccess: update,
  });
}
