import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';

/** What a one-tap rebook copies from the family's last booking with a caregiver. */
export interface RebookTemplate {
  bookingId: number;
  /** The last booking's date (yyyy-MM-dd), for "last booked on …". */
  date: string;
  startTime: string;
  /** Whole hours. */
  duration: number;
  notes: string | null;
}

/** Bookings that happened or stand: a declined, expired or unanswered request is no template. */
const TEMPLATE_STATUSES = ['confirmed', 'completed'] as const;

/**
 * For favourites' one-tap rebook (issue 21): the family's own household's latest confirmed or completed
 * booking with a caregiver (care circles' bookings are the circle's, not the family's template).
 */
export async function lastBookedWith(
  tx: Tx,
  familyUserId: number,
  caregiverId: number,
): Promise<RebookTemplate | undefined> {
  const [row] = await tx
    .select({
      bookingId: bookings.id,
      date: bookings.date,
      startTime: bookings.startTime,
      duration: bookings.duration,
      notes: bookings.notes,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.familyId, familyUserId),
        eq(bookings.caregiverId, caregiverId),
        isNull(bookings.circleId),
        inArray(bookings.status, [...TEMPLATE_STATUSES]),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(1);
  return row;
}
