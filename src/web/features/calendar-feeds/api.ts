import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedState } from '../../../shared/contracts/calendar-feeds';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

/** /settings → Calendar feed (issue 33, ADR 0049): whether a private feed is on; its URL is shown once. */
export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
};

export const calendarFeedQuery = queryOptions({
  queryKey: calendarFeedKeys.all,
  queryFn: ({ signal }) => apiGet<CalendarFeedState>('/api/calendar/feed', signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** Makes a new secret URL (the old one stops working at once); the answer is the only time it is seen. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<CalendarFeedCreated>('/api/calendar/feed'),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedState>(calendarFeedKeys.all, {
        active: true,
        createdAt: new Date().toISOString(),
      });
      return queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all });
    },
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', '/api/calendar/feed'),
    onSuccess: () => queryClient.setQueryData<CalendarFeedState>(calendarFeedKeys.all, { active: false }),
  });
}
