import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { bookings } from '../db/schema';

const HOUR = 3_600_000;
let seq = 0;

export interface BookingInput {
  familyId: number;
  caregiverId: number;
  status?: (typeof bookings.$inferInsert)['status'];
  /** Start (default: 3 days ago, 09:00 Jamaica-ish). */
  startsAt?: Date;
  hours?: number;
  /** JMD per hour. */
  hourlyRate?: number;
  createdAt?: Date;
}

/** Inserts a booking row as the bookings feature would leave it (no events run). */
export async function insertBooking(db: Tx, input: BookingInput) {
  const hours = input.hours ?? 2;
  seq += 1;
  // Default starts never overlap (the no-overlap rule holds for pending and confirmed bookings).
  const startsAt = input.startsAt ?? new Date(Date.now() - 3 * 24 * HOUR - seq * 13 * HOUR);
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  const rate = input.hourlyRate ?? 1500;
  const subtotal = rate * hours;
  const fee = Math.round(subtotal * 0.05);
  const local = new Date(startsAt.getTime() - 5 * HOUR);
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);
  const [row] = await db
    .insert(bookings)
    .values({
      familyId: input.familyId,
      caregiverId: input.caregiverId,
      date: local.toISOString().slice(0, 10),
      startTime: hhmm(local),
      endTime: hhmm(new Date(local.getTime() + hours * HOUR)),
      duration: hours,
      startsAt,
      endsAt,
      hourlyRate: rate.toFixed(2),
      platformFee: fee.toFixed(2),
      totalCost: (subtotal + fee).toFixed(2),
      status: input.status ?? 'completed',
      createdAt: input.createdAt ?? new Date(startsAt.getTime() - 48 * HOUR),
    })
    .returning();
  return row;
}

/**
 * Moves a booking to `to` and emits the transition on the app's booking events (every listener of
 * src/server/wiring/events.ts: money, stats, badges) as the bookings service does.
 */
export async function transition(
  app: FastifyInstance,
  bookingId: number,
  to: (typeof bookings.$inferInsert)['status'],
  actorUserId: number | null,
  at = new Date(),
) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const stamp =
      to === 'confirmed'
        ? { confirmedAt: at }
        : to === 'completed'
          ? { completedAt: at }
          : to === 'declined'
            ? { declinedAt: at }
            : to === 'cancelled'
              ? { cancelledAt: at, cancelledBy: actorUserId }
              : {};
    const [after] = await tx
      .update(bookings)
      .set({ status: to, updatedAt: at, ...stamp })
      .where(eq(bookings.id, bookingId))
      .returning();
    await app.services.bookingEvents.emit(tx, { booking: after, from: before.status, to, actorUserId, at });
    return after;
  });
}

/** The creation event of a booking request (from nothing to its status). */
export async function created(app: FastifyInstance, bookingId: number, at = new Date()) {
  return app.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    await app.services.bookingEvents.emit(tx, {
      booking: b,
      from: null,
      to: b.status,
      actorUserId: b.familyId,
      at,
    });
  });
}
