import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, users } from '../../db/schema';

/** A sitemap file holds at most 50,000 URLs; the fixed pages take a few of them. */
export const MAX_LISTED_CAREGIVERS = 49_000;

export const seoRepo = {
  /** Caregivers a visitor can find and book: active profile, switched to available, account not suspended. */
  listedCaregivers(tx: Tx, limit = MAX_LISTED_CAREGIVERS) {
    return tx
      .select({ id: caregivers.id, updatedAt: caregivers.updatedAt })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(and(eq(caregivers.isActive, true), eq(caregivers.isAvailable, true), isNull(users.suspendedAt)))
      .orderBy(asc(caregivers.id))
      .limit(limit);
  },
};
