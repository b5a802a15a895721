import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminReview,
  AdminReviewsQuery,
  CaregiverReviewsResponse,
  CreateFamilyRatingRequest,
  CreateReviewRequest,
  FamilyRating,
  HideReviewRequest,
  MyReview,
  ReviewReplyRequest,
} from '../../../shared/contracts/reviews';
import { apiGet, apiGetPage, apiPost } from '../../lib/api';
import { dashboardKeys } from '../dashboard/query-keys';

export type { AdminReview, CaregiverReviewsResponse, MyReview };
export type AdminReviewStatus = z.output<typeof AdminReviewsQuery>['status'];
export type ReviewReplyBody = z.input<typeof ReviewReplyRequest>;
export type HideReviewBody = z.input<typeof HideReviewRequest>;

/** A caregiver's public reviews are read with the profile (caregivers/api.ts caregiverKeys.reviews). */
export const reviewKeys = {
  all: ['reviews'] as const,
  mine: ['reviews', 'mine'] as const,
  adminLists: ['reviews', 'admin'] as const,
  admin: (status: AdminReviewStatus) => ['reviews', 'admin', status] as const,
};

// A review, a rating, a reply or a moderation changes both dashboards and every list of reviews here.
const invalidateAll = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: dashboardKeys.all }),
    qc.invalidateQueries({ queryKey: reviewKeys.all }),
  ]);

export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => apiPost<MyReview>('/api/reviews', body),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useRateFamily() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFamilyRatingRequest) =>
      apiPost<z.infer<typeof FamilyRating>>('/api/reviews/family-rating', body),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useReplyToReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number } & ReviewReplyBody) =>
      apiPost<unknown>(`/api/reviews/${id}/reply`, { reply }),
    onSuccess: () => invalidateAll(qc),
  });
}

export const myReviewsQuery = queryOptions({
  queryKey: reviewKeys.mine,
  queryFn: ({ signal }) => apiGet<CaregiverReviewsResponse>('/api/reviews/mine', signal),
  staleTime: 0,
});

export function useMyReviews() {
  return useQuery(myReviewsQuery);
}

export const adminReviewsQuery = (status: AdminReviewStatus) =>
  queryOptions({
    queryKey: reviewKeys.admin(status),
    queryFn: ({ signal }) => apiGetPage<AdminReview>(`/api/admin/reviews?status=${status}&limit=25`, signal),
    staleTime: 0,
  });

export function useAdminReviews(status: AdminReviewStatus) {
  return useQuery(adminReviewsQuery(status));
}

export function useSetReviewHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: HideReviewBody['reason'] | null }) =>
      reason === null
        ? apiPost<MyReview>(`/api/admin/reviews/${id}/unhide`)
        : apiPost<MyReview>(`/api/admin/reviews/${id}/hide`, { reason }),
    onSuccess: () => invalidateAll(qc),
  });
}
