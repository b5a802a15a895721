import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_LIST_MAX } from '../../../shared/booking-rules';
import type {
  BookingStatus,
  BookingView,
  CounterProposalRequest,
  CreateBookingRequest,
  DeclineReason,
  EndAfterTrialResult,
} from '../../../shared/contracts/bookings';
import { apiGet, apiPost } from '../../lib/api';

export type { BookingStatus, BookingView };

export const bookingKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  detail: (id: number) => ['bookings', 'detail', id] as const,
};

/**
 * POST /api/bookings with either payload of the contract: the profile panel's (booking-form.ts) or the
 * confirmation screen's (24-hour times and totalHours); the server prices it and answers the new booking.
 */
export const createBooking = (body: CreateBookingRequest) => apiPost<BookingView>('/api/bookings', body);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // docs/product.md#the-api-contract: success refreshes the family's booking lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const getMyBookings = (signal?: AbortSignal) =>
  apiGet<BookingView[]>(`/api/bookings?limit=${BOOKING_LIST_MAX}`, signal);

export const myBookingsQuery = queryOptions({
  queryKey: bookingKeys.mine,
  queryFn: ({ signal }) => getMyBookings(signal),
  staleTime: 0,
});

export function useMyBookings() {
  return useQuery(myBookingsQuery);
}

export const getBooking = (id: number, signal?: AbortSignal) =>
  apiGet<BookingView>(`/api/bookings/${id}`, signal);

export function bookingQuery(id: number) {
  return queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => getBooking(id, signal),
    staleTime: 0,
  });
}

export function useBooking(id: number) {
  return useQuery({ ...bookingQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export type BookingAction = 'accept' | 'decline' | 'cancel' | 'complete' | 'approve' | 'decline-approval';

/** POST /api/bookings/{id}/{action}: the booking's state machine (approve and decline-approval: a circle's payers). */
export const answerBooking = (id: number, action: BookingAction, body?: { reason: DeclineReason }) =>
  apiPost<BookingView>(`/api/bookings/${id}/${action}`, body);

/** Accept, decline, cancel, complete, approve or decline approval; every list and the booking itself refresh after. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: BookingAction; reason?: DeclineReason }) =>
      answerBooking(id, action, reason ? { reason } : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /api/bookings/:id/reschedule: the family side moves one booking (it goes back to the caregiver). */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date, startTime }: { id: number; date: string; startTime: string }) =>
      apiPost<BookingView>(`/api/bookings/${id}/reschedule`, { date, startTime }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /api/bookings/:id/counter-proposal: the caregiver proposes another date and time (ADR 0048). */
export function useProposeTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & CounterProposalRequest) =>
      apiPost<{ id: number; status: 'open' }>(`/api/bookings/${id}/counter-proposal`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /api/bookings/:id/counter-proposal/accept | decline: the family side answers the proposed time. */
export function useAnswerProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      apiPost<BookingView>(`/api/bookings/${id}/counter-proposal/${answer}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** POST /api/bookings/:id/end-after-trial: either side ends things after a completed trial, no fees. */
export function useEndAfterTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiPost<EndAfterTrialResult>(`/api/bookings/${id}/end-after-trial`, reason ? { reason } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
