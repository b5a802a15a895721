import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, careCircles, caregivers, users } from '../../db/schema';

/**
 * Where a booking's care happens: a care circle's recipient's parish, else the booking family's parish
 * (ADR 0030). Bookings carry no address of their own, and the caregiver travels to the family.
 */
const placeParish = sql<string | null>`coalesce(
  (select ${careCircles.recipientParish} from ${careCircles} where ${careCircles.id} = ${bookings.circleId}),
  ${users.parish})`;

/** The bookings still ahead that a parish emergency can touch (cancel free): not started or not answered. */
const OPEN = ['awaiting_approval', 'pending', 'confirmed'] as const;

export const bookingPlacesRepo = {
  /** Where a booking's care happens, town and parish: a circle's recipient's, else the family's (ADR 0034). */
  async placeOf(tx: Tx, id: number): Promise<{ town: string | null; parish: string | null } | undefined> {
    const [row] = await tx
      .select({
        town: sql<string | null>`coalesce(
          (select ${careCircles.recipientTown} from ${careCircles} where ${careCircles.id} = ${bookings.circleId}),
          ${users.location})`,
        parish: placeParish,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.familyId))
      .where(eq(bookings.id, id))
      .limit(1);
    return row;
  },

  /** The place parish of each booking (absent: unknown booking; null: the family gave no town). */
  async placeParishes(tx: Tx, ids: number[]): Promise<Map<number, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: bookings.id, parish: placeParish })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.familyId))
      .where(inArray(bookings.id, ids));
    return new Map(rows.map((r) => [r.id, r.parish]));
  },

  /**
   * Open bookings in one of `parishes` whose time overlaps [from, to) and that have not ended at `at`:
   * who is on each side (the family user who booked, the caregiver's user).
   */
  async openInParishes(tx: Tx, parishes: string[], from: Date, to: Date, at: Date) {
    return tx
      .select({
        id: bookings.id,
        familyUserId: bookings.familyId,
        caregiverUserId: caregivers.userId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.familyId))
      .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
      .where(
        and(
          inArray(bookings.status, [...OPEN]),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
          gt(bookings.endsAt, at),
          inArray(placeParish, parishes),
        ),
      );
  },
};
