import { and, count, countDistinct, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PublicStatsResponse } from '../../../shared/contracts/stats';
import type { Tx } from '../../db/client';
import { bookings, caregivers, users } from '../../db/schema';

export const statsRepo = {
  /** The public headline numbers; four small aggregate queries, run side by side. */
  async publicStats(tx: Tx): Promise<PublicStatsResponse> {
    const activeCaregiver = and(
      eq(caregivers.isActive, true),
      isNull(users.suspendedAt),
      eq(users.userType, 'caregiver'),
    );
    const [[carers], [families], [completed], [parishes]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .where(activeCaregiver),
      tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.userType, 'family'), isNull(users.suspendedAt))),
      tx.select({ n: count() }).from(bookings).where(eq(bookings.status, 'completed')),
      tx
        .select({ n: countDistinct(users.parish) })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .where(and(activeCaregiver, isNotNull(users.parish))),
    ]);
    return {
      caregivers: carers?.n ?? 0,
      families: families?.n ?? 0,
      completedBookings: completed?.n ?? 0,
      parishes: Math.min(parishes?.n ?? 0, 14),
    };
  },
};
