import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus, BookingView } from '../../../shared/contracts/bookings';
import { apiGet, apiPost } from '../../lib/api';
import type { ProfileBookingRequest } from './booking-form';

export type { BookingStatus, BookingView };

export interface CreatedBooking {
  id: number;
}

/** The confirmation screen's request (spec §3): 24-hour times; the server prices it. */
export interface ConfirmationBookingRequest {
  caregiverId: number;
  date: string;
  startTime: string;
  endTime: string;
  totalHours: number;
  notes?: string;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  one: (id: number) => ['bookings', 'one', id] as const,
};

/** POST /api/bookings with either payload; the answer is read for the new booking's id. */
export const createBooking = (body: ProfileBookingRequest | ConfirmationBookingRequest) =>
  apiPost<CreatedBooking>('/api/bookings', body);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Spec §7: success refreshes the family's booking lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const myBookingsQuery = queryOptions({
  queryKey: bookingKeys.mine,
  queryFn: ({ signal }) => apiGet<BookingView[]>('/api/bookings?limit=200', signal),
  staleTime: 0,
});

export function useMyBookings() {
  return useQuery(myBookingsQuery);
}

export function bookingQuery(id: number) {
  return queryOptions({
    queryKey: bookingKeys.one(id),
    queryFn: ({ signal }) => apiGet<BookingView>(`/api/bookings/${id}`, signal),
    staleTime: 0,
  });
}

export function useBooking(id: number) {
  return useQuery({ ...bookingQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export type BookingAction = 'accept' | 'decline' | 'cancel' | 'complete';

/** Accept, decline, cancel or complete; every list and the booking itself refresh after. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BookingAction }) =>
      apiPost<BookingView>(`/api/bookings/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
