import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { caregivers, reviews, users } from '../../db/schema';

/** Public: published (double-blind) and not hidden by an admin. */
export const visibleOf = (caregiverId: number) =>
  and(eq(reviews.caregiverId, caregiverId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt));

export const reviewRepo = {
  /** Whether the caregiver exists, whose it is, and whether anyone may see it (schema: is_public). */
  async findCaregiver(tx: Tx, id: number) {
    const [row] = await tx
      .select({ userId: caregivers.userId, isPublic: caregivers.isPublic })
      .from(caregivers)
      .where(eq(caregivers.id, id))
      .limit(1);
    return row;
  },

  /** A caregiver's reviews, newest first (id breaks ties, so pages never overlap), with the total. */
  async listForCaregiver(tx: Tx, caregiverId: number, page: { limit: number; offset: number }) {
    const [rows, [{ total }]] = await Promise.all([
      tx
        .select({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
          reply: reviews.reply,
          repliedAt: reviews.repliedAt,
          familyFirstName: users.firstName,
          familyLastName: users.lastName,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.familyId))
        .where(visibleOf(caregiverId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ total: count() }).from(reviews).where(visibleOf(caregiverId)),
    ]);
    return { rows, total: Number(total) };
  },
};

export const reviewAdminRepo = {
  async list(
    tx: Tx,
    q: { status: 'published' | 'hidden' | 'pending' | 'all'; limit: number; offset: number },
  ) {
    const where =
      q.status === 'published'
        ? and(isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt))
        : q.status === 'hidden'
          ? isNotNull(reviews.hiddenAt)
          : q.status === 'pending'
            ? isNull(reviews.publishedAt)
            : undefined;
    const family = alias(users, 'family');
    const carer = alias(users, 'carer');
    const [items, [{ total }]] = await Promise.all([
      tx
        .select({
          review: reviews,
          caregiverId: caregivers.id,
          caregiverFirstName: carer.firstName,
          caregiverLastName: carer.lastName,
          familyFirstName: family.firstName,
          familyLastName: family.lastName,
        })
        .from(reviews)
        .innerJoin(caregivers, eq(caregivers.id, reviews.caregiverId))
        .innerJoin(carer, eq(carer.id, caregivers.userId))
        .innerJoin(family, eq(family.id, reviews.familyId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(q.limit)
        .offset(q.offset),
      tx.select({ total: count() }).from(reviews).where(where),
    ]);
    return { items, total: Number(total) };
  },
};
