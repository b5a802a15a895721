import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import type { ProfileBookingRequest } from './booking-form';

export interface CreatedBooking {
  id: number;
}

export const bookingKeys = {
  all: ['bookings'] as const,
};

/** POST /api/bookings with the profile panel's request; the answer is read for the new booking's id. */
export const createBooking = (body: ProfileBookingRequest) => apiPost<CreatedBooking>('/api/bookings', body);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Spec §7: success refreshes the family's booking lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
