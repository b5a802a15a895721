import { count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, reviews, users } from '../../db/schema';

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
          familyFirstName: users.firstName,
          familyLastName: users.lastName,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.familyId))
        .where(eq(reviews.caregiverId, caregiverId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(page.limit)
        .offset(page.offset),
      tx.select({ total: count() }).from(reviews).where(eq(reviews.caregiverId, caregiverId)),
    ]);
    return { rows, total: Number(total) };
  },
};
