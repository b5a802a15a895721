import { REVIEW_WINDOW_DAYS } from './contracts/reviews';

const DAY_MS = 86_400_000;

/** How long after a completed booking its family may review it (and the review stays unpublished). */
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * DAY_MS;

/** Where a review stands: hidden by an admin, published, or waiting for its window to end. */
export function reviewStatus(r: { publishedAt: Date | null; hiddenAt: Date | null }) {
  return r.hiddenAt ? 'hidden' : r.publishedAt ? 'published' : 'pending';
}
