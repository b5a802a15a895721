import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesConflict } from '../../../shared/booking-series';
import type { BookingSeriesView, CreateBookingSeriesRequest } from '../../../shared/contracts/booking-series';
import { apiGet, apiPost, isApiError } from '../../lib/api';
import { bookingKeys } from './api';
import { readConflicts } from './series-form';

export type { BookingSeriesView, SeriesConflict };

/** Under ['bookings']: whatever refreshes the booking lists refreshes a series too. */
export const seriesKeys = {
  detail: (id: number) => [...bookingKeys.all, 'series', id] as const,
};

/** POST /api/booking-series: the new series with its visits (201), or an ApiError (409 SERIES_CONFLICTS). */
export const createSeries = (body: CreateBookingSeriesRequest) =>
  apiPost<BookingSeriesView>('/api/booking-series', body);

/** The clashing dates of a 409 SERIES_CONFLICTS, or undefined for any other failure. */
export function seriesConflictsOf(error: unknown): SeriesConflict[] | undefined {
  if (!isApiError(error) || error.code !== 'SERIES_CONFLICTS') return undefined;
  return readConflicts(error.body);
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: (series) => {
      queryClient.setQueryData(seriesKeys.detail(series.id), series);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.mine });
    },
  });
}

export function seriesQuery(id: number) {
  return queryOptions({
    queryKey: seriesKeys.detail(id),
    queryFn: ({ signal }) => apiGet<BookingSeriesView>(`/api/booking-series/${id}`, signal),
    staleTime: 0,
  });
}

export function useSeries(id: number) {
  return useQuery({ ...seriesQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export type SeriesAction = 'accept' | 'decline' | 'cancel-rest' | 'leave';

/** The caregiver's answer to the whole series, or the family's "cancel the rest"; lists refresh after. */
export function useSeriesAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SeriesAction) => apiPost<BookingSeriesView>(`/api/booking-series/${id}/${action}`),
    onSuccess: (series) => {
      queryClient.setQueryData(seriesKeys.detail(id), series);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.mine });
    },
  });
}
