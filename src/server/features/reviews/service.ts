import { and, eq, isNull, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '../../../shared/contracts/reviews';
import { REVIEW_WINDOW_MS } from '../../../shared/review-window';
import { COMPLETED_AT } from '../../core/completed-at';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { caregivers, familyRatings, reviews } from '../../db/schema';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const REVIEW_MESSAGES = {
  notYours: 'Only the family of this booking can review it.',
  notYourBooking: 'Only the caregiver of this booking can rate the family.',
  notCompleted: 'You can review a booking once it is completed.',
  windowOver: `The ${REVIEW_WINDOW_DAYS} days to review this booking have ended.`,
  twice: 'You have already reviewed this booking.',
  ratedTwice: 'You have already rated this family for this booking.',
  replyNotPublished: 'You can reply once the review is published.',
  replyTwice: 'You have already replied to this review.',
  notYourReview: 'You can only reply to reviews of your own care.',
} as const;

interface BookingForReview {
  id: number;
  familyId: number;
  caregiverId: number;
  caregiverUserId: number;
  status: string;
  completedAt: Date;
}

/** The booking, locked: a family review and a caregiver rating of one booking queue on it. */
async function lockBooking(tx: Tx, bookingId: number): Promise<BookingForReview> {
  const [b] = await rows<{
    id: number;
    family_id: number;
    caregiver_id: number;
    caregiver_user_id: number;
    status: string;
    completed_at: Date | string;
  }>(
    tx,
    sql`select b.id, b.family_id, b.caregiver_id, c.user_id as caregiver_user_id, b.status,
               ${COMPLETED_AT} as completed_at
        from bookings b join caregivers c on c.id = b.caregiver_id
        where b.id = ${bookingId}
        for update of b`,
  );
  if (!b) throw notFound(BOOKING_NOT_FOUND);
  return {
    id: b.id,
    familyId: b.family_id,
    caregiverId: b.caregiver_id,
    caregiverUserId: b.caregiver_user_id,
    status: b.status,
    completedAt: new Date(b.completed_at),
  };
}

function assertReviewable(b: BookingForReview, now: Date) {
  if (b.status !== 'completed') throw conflict(REVIEW_MESSAGES.notCompleted, 'REVIEW_NOT_ALLOWED');
  if (now.getTime() > b.completedAt.getTime() + REVIEW_WINDOW_MS)
    throw conflict(REVIEW_MESSAGES.windowOver, 'REVIEW_NOT_ALLOWED');
}

/** averageRating (2 decimals) and totalReviews from the published, visible reviews. */
export async function refreshRating(tx: Tx, caregiverId: number): Promise<void> {
  await tx.execute(sql`
    update caregivers c set
      average_rating = coalesce((select round(avg(r.rating), 2) from reviews r
        where r.caregiver_id = c.id and r.published_at is not null and r.hidden_at is null), 0),
      total_reviews = (select count(*) from reviews r
        where r.caregiver_id = c.id and r.published_at is not null and r.hidden_at is null)
    where c.id = ${caregiverId}`);
}

/** Publishes reviews (ids) of one caregiver; the averages and badges follow in the same transaction. */
async function publishReviews(deps: ReviewDeps, tx: Tx, caregiverId: number, reviewIds: number[], now: Date) {
  if (reviewIds.length === 0) return 0;
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(
      and(
        sql`${reviews.id} in ${reviewIds}`,
        isNull(reviews.publishedAt),
        eq(reviews.caregiverId, caregiverId),
      ),
    )
    .returning({ id: reviews.id, rating: reviews.rating, familyId: reviews.familyId });
  if (published.length === 0) return 0;
  await refreshRating(tx, caregiverId);
  await deps.stats.ensure(tx, caregiverId);
  const [owner] = await tx
    .select({ userId: caregivers.userId })
    .from(caregivers)
    .where(eq(caregivers.id, caregiverId));
  for (const p of published) {
    await deps.notices.add(tx, {
      userId: owner.userId,
      kind: 'review',
      title: 'A new review was published',
      body: `A family gave you ${p.rating} star${p.rating === 1 ? '' : 's'}. You can reply once, publicly.`,
      link: '/caregiver-dashboard?tab=profile',
    });
    await deps.notices.add(tx, {
      userId: p.familyId,
      kind: 'review',
      title: 'Your review is published',
      body: 'Thank you: your review now shows on the caregiver’s profile.',
      link: `/caregiver/${caregiverId}`,
    });
  }
  await deps.badges.evaluate(tx, caregiverId, { now, notify: true });
  return published.length;
}

/** What reviews ask of other features (given by services.ts). */
export interface ReviewDeps {
  db: Db;
  /** The caregiver's stats row (caregiver-stats): made sure of on publication; a reply is activity. */
  stats: {
    ensure(tx: Tx, caregiverId: number): Promise<void>;
    recordActivity(tx: Tx, caregiverId: number, at: Date): Promise<void>;
  };
  /** In-app notices (notifications). */
  notices: {
    add(
      tx: Tx,
      n: { userId: number; kind: string; title: string; body: string; link: string },
    ): Promise<void>;
  };
  /** The badges, measured again when the ratings move (badges). */
  badges: { evaluate(tx: Tx, caregiverId: number, opts: { now: Date; notify?: boolean }): Promise<unknown> };
}

export function createReviewService(deps: ReviewDeps) {
  const { db } = deps;
  return {
    /** The publishing job's run: reviews whose window ended without the other side's rating. */
    publishDue: (now: Date) => publishDueReviews(deps, now),

    async create(
      user: SessionUser,
      input: { bookingId: number; rating: number; comment: string | null },
      now = new Date(),
    ) {
      return db.transaction(async (tx) => {
        const b = await lockBooking(tx, input.bookingId);
        if (b.familyId !== user.id) throw forbidden(REVIEW_MESSAGES.notYours);
        assertReviewable(b, now);
        let review: typeof reviews.$inferSelect;
        try {
          [review] = await tx
            .insert(reviews)
            .values({
              bookingId: b.id,
              familyId: b.familyId,
              caregiverId: b.caregiverId,
              rating: input.rating,
              comment: input.comment,
              createdAt: now,
            })
            .returning();
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(REVIEW_MESSAGES.twice, 'ALREADY_REVIEWED');
          throw err;
        }
        // Double-blind: the caregiver has already rated the family, so both sides are in.
        const [rated] = await tx
          .select({ id: familyRatings.id })
          .from(familyRatings)
          .where(eq(familyRatings.bookingId, b.id));
        if (rated) {
          await publishReviews(deps, tx, b.caregiverId, [review.id], now);
          review = { ...review, publishedAt: now };
        }
        return review;
      });
    },

    async rateFamily(
      user: SessionUser,
      input: { bookingId: number; rating: number; comment: string | null },
      now = new Date(),
    ) {
      return db.transaction(async (tx) => {
        const b = await lockBooking(tx, input.bookingId);
        if (b.caregiverUserId !== user.id) throw forbidden(REVIEW_MESSAGES.notYourBooking);
        assertReviewable(b, now);
        let rating: typeof familyRatings.$inferSelect;
        try {
          [rating] = await tx
            .insert(familyRatings)
            .values({
              bookingId: b.id,
              caregiverId: b.caregiverId,
              familyId: b.familyId,
              rating: input.rating,
              comment: input.comment,
              createdAt: now,
            })
            .returning();
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(REVIEW_MESSAGES.ratedTwice, 'ALREADY_REVIEWED');
          throw err;
        }
        const [waiting] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.bookingId, b.id), isNull(reviews.publishedAt)));
        if (waiting) await publishReviews(deps, tx, b.caregiverId, [waiting.id], now);
        await deps.stats.recordActivity(tx, b.caregiverId, now);
        return rating;
      });
    },

    async reply(user: SessionUser, reviewId: number, text: string, now = new Date()) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ review: reviews, ownerId: caregivers.userId })
          .from(reviews)
          .innerJoin(caregivers, eq(caregivers.id, reviews.caregiverId))
          .where(eq(reviews.id, reviewId))
          .for('update', { of: reviews });
        if (!row) throw notFound('Review not found');
        if (row.ownerId !== user.id) throw forbidden(REVIEW_MESSAGES.notYourReview);
        if (!row.review.publishedAt || row.review.hiddenAt)
          throw conflict(REVIEW_MESSAGES.replyNotPublished, 'REVIEW_NOT_ALLOWED');
        if (row.review.reply !== null) throw conflict(REVIEW_MESSAGES.replyTwice, 'ALREADY_REVIEWED');
        const [updated] = await tx
          .update(reviews)
          .set({ reply: text, repliedAt: now })
          .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
          .returning();
        if (!updated) throw conflict(REVIEW_MESSAGES.replyTwice, 'ALREADY_REVIEWED');
        await deps.stats.recordActivity(tx, row.review.caregiverId, now);
        return updated;
      });
    },

    async setHidden(
      admin: SessionUser,
      reviewId: number,
      hidden: { reason: string } | null,
      now = new Date(),
    ) {
      return db.transaction(async (tx) => {
        const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
        if (!review) throw notFound('Review not found');
        const [updated] = await tx
          .update(reviews)
          .set(
            hidden
              ? { hiddenAt: now, hiddenReason: hidden.reason, hiddenBy: admin.id }
              : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
          )
          .where(eq(reviews.id, reviewId))
          .returning();
        await refreshRating(tx, review.caregiverId);
        await deps.badges.evaluate(tx, review.caregiverId, { now, notify: true });
        return updated;
      });
    },
  };
}

/**
 * The 14-day path of double-blind publication: every review whose booking was completed more than 14
 * days ago is published, caregiver by caregiver (each in its own transaction).
 */
async function publishDueReviews(deps: ReviewDeps, now: Date): Promise<number> {
  const { db } = deps;
  const since = new Date(now.getTime() - REVIEW_WINDOW_MS);
  const due = await rows<{ id: number; caregiver_id: number }>(
    db,
    sql`select r.id, r.caregiver_id from reviews r join bookings b on b.id = r.booking_id
        where r.published_at is null and ${COMPLETED_AT} <= ${since}
        order by r.caregiver_id, r.id limit 1000`,
  );
  const byCaregiver = new Map<number, number[]>();
  for (const d of due) byCaregiver.set(d.caregiver_id, [...(byCaregiver.get(d.caregiver_id) ?? []), d.id]);
  let total = 0;
  for (const [caregiverId, ids] of byCaregiver) {
    total += await db.transaction((tx) => publishReviews(deps, tx, caregiverId, ids, now));
  }
  return total;
}
