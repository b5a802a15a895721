import type { CaregiverPlan } from './caregivers';
import type { DemoContext } from './context';
import { clampBefore, HOUR } from './dates';
import { pickReview, type ReviewBand, type ReviewsUsed, reviewBand } from './reviews';
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
    const drawn = isDemo
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
    const rating = isDemo ? drawn : withEveryBand(drawn, reviewsUsed.bands);
    reviewsUsed.bands.set(reviewBand(rating), (reviewsUsed.bands.get(reviewBand(rating)) ?? 0) + 1);
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

/** After this many reviews, a band the draw has not produced yet is given to the next generated review. */
const EVERY_BAND_AFTER = 40;

/**
 * A marketplace's reviews are not all glowing, and the data set shows it whatever the day it is seeded
 * on: once EVERY_BAND_AFTER reviews exist, a missing 3★ or 2★ band takes the next generated review. The
 * rating is still drawn first, so the rest of the data set does not shift.
 */
function withEveryBand(drawn: number, bands: Map<ReviewBand, number>): number {
  const total = [...bands.values()].reduce((s, n) => s + n, 0);
  if (total < EVERY_BAND_AFTER) return drawn;
  if (!bands.get('mixed')) return 3;
  if (!bands.get('poor')) return 2;
  return drawn;
}
