import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { BookingRow } from './events';

/** The family side of a booking: a household (its family, no circle) or a care circle. */
export type FamilySideKey = { familyId: number; circleId: null } | { circleId: number };

const sideIs = (side: FamilySideKey) =>
  side.circleId === null
    ? and(eq(bookings.familyId, side.familyId), isNull(bookings.circleId))
    : eq(bookings.circleId, side.circleId);

/** Trial visits' lookups (ADR 0048), inside the caller's transaction. */
export const trialRepo = {
  /** Whether this family side already had a completed visit with the caregiver (then no trial). */
  async hasCompletedWith(tx: Tx, caregiverId: number, side: FamilySideKey): Promise<boolean> {
    const [row] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.caregiverId, caregiverId), eq(bookings.status, 'completed'), sideIs(side)))
      .limit(1);
    return row !== undefined;
  },

  /** Their bookings still to come (requested, waiting for approval or confirmed, starting after `at`), locked. */
  async futureBetween(tx: Tx, caregiverId: number, side: FamilySideKey, at: Date): Promise<BookingRow[]> {
    return tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.caregiverId, caregiverId),
          sideIs(side),
          inArray(bookings.status, ['awaiting_approval', 'pending', 'confirmed']),
          gt(bookings.startsAt, at),
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .for('update');
  },

  async markEnded(tx: Tx, id: number, by: number, at: Date): Promise<BookingRow | undefined> {
    const [row] = await tx
      .update(bookings)
      .set({ trialEndedAt: at, trialEndedBy: by, updatedAt: at })
      .where(and(eq(bookings.id, id), isNull(bookings.trialEndedAt)))
      .returning();
    return row;
  },
};

export const sideOf = (b: Pick<BookingRow, 'familyId' | 'circleId'>): FamilySideKey =>
  b.circleId === null ? { familyId: b.familyId, circleId: null } : { circleId: b.circleId };
