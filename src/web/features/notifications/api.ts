import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import { apiGet, apiPost } from '../../lib/api';

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
