import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  type BookingListQuery,
  type BookingView,
} from '../../../shared/contracts/bookings';
import { centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Actor, BookingContext } from './booking-context';
import { type BookingJoined, bookingRepo } from './repo';

type ListInput = z.output<typeof BookingListQuery>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBookingView(row: BookingJoined, viewer: Pick<Actor, 'id' | 'userType'>): BookingView {
  const b = row.b;
  const rate = toCents(b.hourlyRate);
  const price = priceBooking(rate, b.duration);
  const isFamily = viewer.id === b.familyId;
  const showPhone = isFamily || viewer.userType === 'admin' || b.status === 'confirmed';
  const p = row.payment;
  return {
    id: b.id,
    familyId: b.familyId,
    caregiverId: b.caregiverId,
    status: b.status,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    duration: b.duration,
    totalHours: b.duration,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    hourlyRate: b.hourlyRate,
    rate: b.hourlyRate,
    subtotal: centsToDecimal(price.subtotal),
    platformFee: b.platformFee,
    totalCost: b.totalCost,
    totalAmount: b.totalCost,
    notes: b.notes,
    type: row.cg.kinds[0] ?? null,
    createdAt: b.createdAt.toISOString(),
    confirmedAt: iso(b.confirmedAt),
    declinedAt: iso(b.declinedAt),
    expiredAt: iso(b.expiredAt),
    cancelledAt: iso(b.cancelledAt),
    cancelledBy: b.cancelledBy,
    completedAt: iso(b.completedAt),
    caregiver: {
      caregiverId: row.cg.id,
      userId: row.cg.userId,
      firstName: row.cu.firstName,
      lastName: row.cu.lastName,
      profileImageUrl: row.cu.profileImageUrl,
      location: row.cu.location,
    },
    family: {
      userId: row.fu.id,
      firstName: row.fu.firstName,
      lastName: row.fu.lastName,
      profileImageUrl: row.fu.profileImageUrl,
      location: row.fu.location,
      phone: showPhone ? row.fu.phone : null,
    },
    payment: p
      ? {
          id: p.id,
          method: p.method,
          status: p.status,
          amount: p.amount,
          cardBrand: p.cardBrand,
          cardLast4: p.cardLast4,
          reference: p.reference,
        }
      : null,
  };
}

/** The booking as `viewer` sees it, read in `tx` (after a write in the same transaction). */
export async function viewOf(tx: Tx, id: number, viewer: Actor): Promise<BookingView> {
  const joined = await bookingRepo.getJoined(tx, id);
  if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
  return toBookingView(joined, viewer);
}

/** Reading bookings: each side's lists, one booking, its history. */
export function bookingViews({ db }: BookingContext) {
  async function get(actor: Actor, id: number): Promise<BookingView> {
    const joined = await bookingRepo.getJoined(db, id);
    if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
    const mine =
      actor.userType === 'admin' || joined.b.familyId === actor.id || joined.cg.userId === actor.id;
    if (!mine) throw notFound(BOOKING_MESSAGES.notYours);
    return toBookingView(joined, actor);
  }

  return {
    async list(actor: Actor, query: ListInput): Promise<BookingView[]> {
      const conditions: SQL[] = [];
      if (actor.userType === 'family') conditions.push(eq(bookings.familyId, actor.id));
      else if (actor.userType === 'caregiver') {
        const caregiverId = await bookingRepo.caregiverIdOfUser(db, actor.id);
        if (caregiverId === undefined) return [];
        conditions.push(eq(bookings.caregiverId, caregiverId));
      }
      if (query.status?.length) conditions.push(inArray(bookings.status, query.status));
      const rows = await bookingRepo.listJoined(db, and(...conditions), { limit: query.limit });
      return rows.map((r) => toBookingView(r, actor));
    },

    /** GET /api/bookings/family/{userId} (docs/product.md#the-api-contract): the family themselves or an admin. */
    async listForFamily(actor: Actor, familyUserId: number): Promise<BookingView[]> {
      if (actor.id !== familyUserId && actor.userType !== 'admin') {
        throw forbidden('You can only see your own bookings.');
      }
      const rows = await bookingRepo.listJoined(db, eq(bookings.familyId, familyUserId));
      return rows.map((r) => toBookingView(r, actor));
    },

    get,

    async events(actor: Actor, id: number) {
      await get(actor, id);
      const rows = await bookingRepo.events(db, id);
      return rows.map((e) => ({
        from: e.fromStatus,
        to: e.toStatus,
        actorUserId: e.actorUserId,
        at: e.at.toISOString(),
      }));
    },
  };
}
