import { and, asc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CircleRole } from '../../../shared/contracts/circles';
import type { Db } from '../../db/client';
import { bookings, careCircles, caregivers, users } from '../../db/schema';
import type { BookingCircleRules } from './booking-context';
import { bookingRepo, caregiverSeesSql } from './repo';

const familyUser = alias(users, 'family_user');
const caregiverUser = alias(users, 'caregiver_user');

/** Open bookings: what a calendar shows as tentative (awaiting, pending) or confirmed. */
const OPEN = ['awaiting_approval', 'pending', 'confirmed'] as const;
/** The circle roles whose holders arrange the circle's care: their calendars show its bookings. */
const ARRANGING: readonly CircleRole[] = ['coordinator', 'payer'];
/** A feed never grows without bound. */
const MAX_ROWS = 2000;

/** One booking as a calendar feed shows it (calendar-feeds' CalendarBooking). */
export interface CalendarBookingRow {
  id: number;
  status: 'awaiting_approval' | 'pending' | 'confirmed' | 'cancelled' | 'declined' | 'expired';
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  side: 'family' | 'caregiver';
  caregiverFirstName: string;
  familyFirstName: string;
  familyLastName: string;
  recipientFirstName: string | null;
  town: string | null;
  parish: string | null;
}

/**
 * The bookings of a user's calendar feed (issue 33, ADR 0049): on the family side, those they made and those
 * of the care circles they coordinate or pay for (a viewer's calendar stays out of it); on the caregiver
 * side, those that reached them. Open ones always; cancelled, declined and expired ones since `closedSince`.
 * Where: the town and parish only (a circle's recipient's, else the family's), never an address.
 */
export function createCalendarBookings({
  db,
  circles,
}: {
  db: Db;
  circles: Pick<BookingCircleRules, 'circleIdsOf' | 'rolesOf'>;
}) {
  return async function calendarBookingsOf(
    userId: number,
    { closedSince }: { closedSince: Date },
  ): Promise<CalendarBookingRow[]> {
    const caregiverId = await bookingRepo.caregiverIdOfUser(db, userId);
    const arranged: number[] = [];
    for (const circleId of await circles.circleIdsOf(db, userId)) {
      const roles = await circles.rolesOf(db, circleId, userId);
      if (roles?.some((r) => ARRANGING.includes(r))) arranged.push(circleId);
    }
    const sides: SQL[] = [eq(bookings.familyId, userId)];
    if (arranged.length) sides.push(inArray(bookings.circleId, arranged));
    if (caregiverId !== undefined) {
      sides.push(and(eq(bookings.caregiverId, caregiverId), caregiverSeesSql()) as SQL);
    }
    const shown = or(
      inArray(bookings.status, [...OPEN]),
      and(eq(bookings.status, 'cancelled'), gte(bookings.cancelledAt, closedSince)),
      and(eq(bookings.status, 'declined'), gte(bookings.declinedAt, closedSince)),
      and(eq(bookings.status, 'expired'), gte(bookings.expiredAt, closedSince)),
    );
    const rows = await db
      .select({
        id: bookings.id,
        status: bookings.status,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        updatedAt: bookings.updatedAt,
        circleId: bookings.circleId,
        caregiverUserId: caregivers.userId,
        caregiverFirstName: caregiverUser.firstName,
        familyFirstName: familyUser.firstName,
        familyLastName: familyUser.lastName,
        familyTown: familyUser.location,
        familyParish: familyUser.parish,
        recipientFirstName: careCircles.recipientFirstName,
        recipientTown: careCircles.recipientTown,
        recipientParish: careCircles.recipientParish,
      })
      .from(bookings)
      .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
      .innerJoin(caregiverUser, eq(caregiverUser.id, caregivers.userId))
      .innerJoin(familyUser, eq(familyUser.id, bookings.familyId))
      .leftJoin(careCircles, eq(careCircles.id, bookings.circleId))
      .where(and(or(...sides), shown))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(MAX_ROWS);
    return rows.map((r) => ({
      id: r.id,
      status: r.status as CalendarBookingRow['status'],
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      updatedAt: r.updatedAt,
      side: r.caregiverUserId === userId ? 'caregiver' : 'family',
      caregiverFirstName: r.caregiverFirstName,
      familyFirstName: r.familyFirstName,
      familyLastName: r.familyLastName,
      recipientFirstName: r.recipientFirstName,
      town: r.circleId === null ? r.familyTown : r.recipientTown,
      parish: r.circleId === null ? r.familyParish : r.recipientParish,
    }));
  };
}
