import { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../review-limits';
import { PublicReview } from './caregivers';
import { Id } from './common';
import { z } from './zod';

/** Days after completion during which both sides may review; then the family's review is published. */
export const REVIEW_WINDOW_DAYS = 14;
export { REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX };

const BookingId = Id('bookingId');
const Rating = z
  .number({ error: 'Please choose a rating from 1 to 5' })
  .int('The rating must be a whole number of stars from 1 to 5')
  .min(1, 'The rating must be from 1 to 5')
  .max(5, 'The rating must be from 1 to 5');
const Comment = z
  .string()
  .trim()
  .max(
    REVIEW_COMMENT_MAX,
    `The comment can be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters`,
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/reviews: the family's review of a completed booking. */
export const CreateReviewRequest = z.object({ bookingId: BookingId, rating: Rating, comment: Comment });
export type CreateReviewRequest = z.input<typeof CreateReviewRequest>;

/** POST /api/reviews/family-rating: the caregiver's private rating of the family. */
export const CreateFamilyRatingRequest = z.object({ bookingId: BookingId, rating: Rating, comment: Comment });
export type CreateFamilyRatingRequest = z.input<typeof CreateFamilyRatingRequest>;

export const ReviewReplyRequest = z.object({
  reply: z
    .string({ error: 'Please write a reply' })
    .trim()
    .min(1, 'Please write a reply')
    .max(REVIEW_REPLY_MAX, `The reply can be at most ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`),
});

export const HideReviewRequest = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters)')
    .max(500, 'The reason can be at most 500 characters'),
});

/** What the writer of a review sees: published once both sides reviewed or the 14 days ended. */
export const MyReview = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['pending', 'published', 'hidden']),
  publishedAt: z.string().nullable(),
});
export type MyReview = z.infer<typeof MyReview>;

export const FamilyRating = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});

export const ReviewReply = z.object({ text: z.string(), createdAt: z.string() });

/** GET /api/reviews/caregiver/{id}: the public review plus the caregiver's reply. */
export const PublicReviewWithReply = PublicReview.extend({ reply: ReviewReply.nullable() });
export type PublicReviewWithReply = z.infer<typeof PublicReviewWithReply>;

/** GET /api/reviews/mine (caregiver): published reviews (with reply state) and how many wait unseen. */
export const CaregiverReviewsResponse = z.object({
  published: z.array(PublicReviewWithReply.extend({ bookingId: z.number().int() })),
  /** Reviews written but not yet published: double-blind, so their content is not shown. */
  waiting: z.number().int(),
});
export type CaregiverReviewsResponse = z.infer<typeof CaregiverReviewsResponse>;

/** GET /api/admin/reviews */
export const AdminReview = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  reply: z.string().nullable(),
  caregiver: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  family: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type AdminReview = z.infer<typeof AdminReview>;
export const AdminReviewsQuery = z.object({
  status: z.enum(['published', 'hidden', 'pending', 'all']).default('published'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
