import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import type { BookingRow } from './events';
import { describeWhen } from './notices';
import { bookingRepo, caregiverSees } from './repo';

export interface VisitPartyContact {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** A booking as the visit log (ADR 0028) needs it: the row, both parties and a 'Friday 5 June, 9:00 AM–…'. */
export interface VisitBooking {
  booking: BookingRow;
  family: VisitPartyContact;
  caregiver: VisitPartyContact & { caregiverId: number };
  /** Whether the booking reached its caregiver (a circle's, once a payer approved it). */
  caregiverSees: boolean;
  when: string;
}

/**
 * Bookings as visits: a booking with its parties and its time in words, and the confirmed ones starting in a
 * window, inside the caller's transaction (read only). `lock` takes the booking's row lock, so that a
 * caller's writes about one visit are serialised.
 */
export const visitBookings = {
  async find(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<VisitBooking | undefined> {
    if (opts.lock && !(await bookingRepo.lock(tx, id))) return undefined;
    const j = await bookingRepo.getJoined(tx, id);
    if (!j) return undefined;
    return {
      booking: j.b,
      family: { userId: j.fu.id, firstName: j.fu.firstName, lastName: j.fu.lastName, email: j.fu.email },
      caregiver: {
        caregiverId: j.cg.id,
        userId: j.cg.userId,
        firstName: j.cu.firstName,
        lastName: j.cu.lastName,
        email: j.cu.email,
      },
      caregiverSees: caregiverSees(j.b),
      when: describeWhen(j.b),
    };
  },

  /** Confirmed bookings whose start lies in (from, to], first first (the no-show job's candidates). */
  async confirmedStartingBetween(tx: Tx, from: Date, to: Date, limit = 200): Promise<number[]> {
    const rows = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), gt(bookings.startsAt, from), lte(bookings.startsAt, to)))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
