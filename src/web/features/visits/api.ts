import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingView } from '../../../shared/contracts/bookings';
import type { VisitEntry, VisitLog } from '../../../shared/contracts/visits';
import { apiGet } from '../../lib/api';
import { apiUpload } from '../../lib/upload';

export type { VisitEntry, VisitLog };

export const visitKeys = {
  all: ['visits'] as const,
  log: (bookingId: number) => ['visits', 'log', bookingId] as const,
  summary: (bookingId: number) => ['visits', 'summary', bookingId] as const,
};

/** GET /api/bookings/{id}/log: the family, the circle's members, the caregiver and admins. */
export const getVisitLog = (bookingId: number, signal?: AbortSignal) =>
  apiGet<VisitLog>(`/api/bookings/${bookingId}/log`, signal);

export function visitLogQuery(bookingId: number) {
  return queryOptions({
    queryKey: visitKeys.log(bookingId),
    queryFn: ({ signal }) => getVisitLog(bookingId, signal),
    staleTime: 0,
    // Offline the visit screen shows its saved copy: a failed read must fail at once, not pause.
    networkMode: 'always',
  });
}

export function useVisitLog(bookingId: number, enabled = true) {
  return useQuery({ ...visitLogQuery(bookingId), enabled: enabled && bookingId > 0 });
}

/**
 * What the visit screen needs of a booking, and no more: this is what is kept on the phone for offline use
 * (never the family's phone number, the price or the payment).
 */
export interface VisitSummary {
  bookingId: number;
  status: BookingView['status'];
  /** The recipient's first name: a circle's recipient, else the family's first name. */
  recipientFirstName: string;
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  endsAt: string;
  /** The address once the server gives it to the caregiver (a confirmed circle booking), else the town. */
  place: string | null;
  caregiverUserId: number;
  caregiverFirstName: string;
  /** When the booking was completed (by its caregiver after the end, or by the lifecycle job 24 h after it). */
  completedAt?: string | null;
}

export function toVisitSummary(b: BookingView): VisitSummary {
  const recipient = b.circle?.recipient;
  return {
    bookingId: b.id,
    status: b.status,
    recipientFirstName: recipient?.firstName ?? b.family.firstName,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    place: recipient
      ? [recipient.address, recipient.town, recipient.parish].filter(Boolean).join(', ')
      : b.family.location,
    caregiverUserId: b.caregiver.userId,
    caregiverFirstName: b.caregiver.firstName,
    completedAt: b.completedAt,
  };
}

export function visitSummaryQuery(bookingId: number) {
  return queryOptions({
    queryKey: visitKeys.summary(bookingId),
    queryFn: async ({ signal }) =>
      toVisitSummary(await apiGet<BookingView>(`/api/bookings/${bookingId}`, signal)),
    staleTime: 0,
    networkMode: 'always',
  });
}

export function useVisitSummary(bookingId: number) {
  return useQuery({ ...visitSummaryQuery(bookingId), enabled: bookingId > 0 });
}

/** POST /api/bookings/{id}/log/photo: online only (a photo is never queued on the phone). */
export function uploadVisitPhoto(bookingId: number, file: File, caption: string) {
  const form = new FormData();
  form.append('clientId', crypto.randomUUID());
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file);
  return apiUpload<VisitEntry>(`/api/bookings/${bookingId}/log/photo`, form);
}
