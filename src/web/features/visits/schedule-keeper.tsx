import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type BookingView, bookingKeys } from '../bookings/api';
import { keepSchedule } from './offline-schedule';

/**
 * Mounted on a caregiver's signed-in pages (its own chunk): whenever their bookings list is read (the
 * bookings page, the dashboard), today's and the next days' visits are kept for the offline page. It reads
 * nothing itself.
 */
export default function ScheduleKeeper({ user }: { user: { id: number; firstName: string } }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const keep = (data: unknown) => {
      if (Array.isArray(data)) void keepSchedule(user, data as BookingView[]).catch(() => undefined);
    };
    const key = JSON.stringify(bookingKeys.mine);
    keep(cache.find({ queryKey: bookingKeys.mine, exact: true })?.state.data);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === key) {
        keep(event.query.state.data);
      }
    });
  }, [queryClient, user]);
  return null;
}
