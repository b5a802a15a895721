import type { CaregiverPlan } from './caregivers';
import type { DemoContext } from './context';
import { clampBefore, HOUR } from './dates';
import { pickReview, type ReviewsUsed } from './reviews';
import type { BookingRow, ReviewRow } from './rows';

/**
 * The reviews families left on one caregiver's bookings (`mine`, which start at `firstBookingIndex` in
 * the data set's list), and the caregiver's averageRating and totalReviews to match.
 */
export function drawReviews(
  ctx: DemoContext,
  plan: CaregiverPlan,
  mine: BookingRow[],
  firstBookingIndex: number,
  reviewsUsed: ReviewsUsed,
): ReviewRow[] {
  const { rng, now } = ctx;
  const cg = plan.row;
  const isDemo = plan.forced !== undefined;
  // Reviews on most completed bookings, in the words of the booking's kind and the rating's band.
  const myBodies = new Set<string>();
  const myReviews: ReviewRow[] = [];
  const completed = mine.filter((b) => b.status === 'completed');
  const unreviewed = new Set(
    isDemo ? [completed[completed.length - 1], completed[2]] : completed.filter(() => rng.chance(0.2)),
  );
  for (const [j, b] of mine.entries()) {
    if (b.status !== 'completed' || unreviewed.has(b)) continue;
    const rating = isDemo
      ? rng.weighted<number>([
          [5, 8],
          [4, 2],
        ])
      : rng.weighted<number>([
          [5, 64],
          [4, 30],
          [3, 5],
          [2, 1],
        ]);
    const comment = pickReview(rng, b.kind, rating, reviewsUsed, myBodies, {
      first: plan.user.firstName,
      gender: cg.gender,
    });
    const createdAt = clampBefore(new Date(b.endsAt.getTime() + rng.int(2, 60) * HOUR), now, b.endsAt);
    myReviews.push({ booking: firstBookingIndex + j, rating, comment, createdAt });
  }
  if (myReviews.length > 0) {
    const avg = myReviews.reduce((s, r) => s + r.rating, 0) / myReviews.length;
    cg.averageRating = avg.toFixed(2);
    cg.totalReviews = myReviews.length;
  }
  return myReviews;
}
