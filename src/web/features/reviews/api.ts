import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReview,
  CaregiverReviewsResponse,
  CreateFamilyRatingRequest,
  CreateReviewRequest,
  MyReview,
} from '../../../shared/contracts/reviews';
import { apiGet, apiGetPage, apiPost } from '../../lib/api';

export type { AdminReview, CaregiverReviewsResponse, MyReview };

const invalidateAll = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['/api/family/dashboard'] }),
    qc.invalidateQueries({ queryKey: ['/api/caregiver/dashboard'] }),
    qc.invalidateQueries({ queryKey: ['/api/reviews/mine'] }),
    qc.invalidateQueries({ queryKey: ['/api/admin/reviews'] }),
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
    mutationFn: (body: CreateFamilyRatingRequest) => apiPost<unknown>('/api/reviews/family-rating', body),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useReplyToReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      apiPost<unknown>(`/api/reviews/${id}/reply`, { reply }),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useMyReviews() {
  return useQuery({
    queryKey: ['/api/reviews/mine'],
    queryFn: ({ signal }) => apiGet<CaregiverReviewsResponse>('/api/reviews/mine', signal),
    staleTime: 0,
  });
}

export type AdminReviewStatus = 'published' | 'hidden' | 'pending' | 'all';

export function useAdminReviews(status: AdminReviewStatus) {
  return useQuery({
    queryKey: ['/api/admin/reviews', status],
    queryFn: ({ signal }) => apiGetPage<AdminReview>(`/api/admin/reviews?status=${status}&limit=25`, signal),
    staleTime: 0,
  });
}

export function useSetReviewHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? apiPost<MyReview>(`/api/admin/reviews/${id}/unhide`)
        : apiPost<MyReview>(`/api/admin/reviews/${id}/hide`, { reason }),
    onSuccess: () => invalidateAll(qc),
  });
}
