import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers } from '../../db/schema';
import { statsEngine } from './repo';

/** The part of a booking state change the stats need (the bookings feature's transition event). */
export interface BookingTransitionEvent {
  booking: { id: number; caregiverId: number; familyId: number; createdAt: Date; status?: string };
  from: string | null;
  to: string;
  actorUserId: number | null;
  at: Date;
}

/** Answers to a request: the caregiver accepted or declined it. */
const ANSWERS = new Set(['confirmed', 'declined']);

/**
 * Runs inside the transaction of every booking state change: caregiver_stats follow the bookings
 * (counts, hours, earnings), an answer to a request feeds the response time, and the caregiver's own
 * actions and completed care count as active days. (The badges are measured next: src/server/wiring/events.ts.)
 */
export async function followBookingTransition(tx: Tx, e: BookingTransitionEvent) {
  const caregiverId = e.booking.caregiverId;
  await statsEngine.refreshBookings(tx, caregiverId);
  const [owner] = await tx
    .select({ userId: caregivers.userId })
    .from(caregivers)
    .where(eq(caregivers.id, caregiverId));
  const byCaregiver = owner !== undefined && e.actorUserId === owner.userId;
  if (e.from === 'pending' && ANSWERS.has(e.to) && byCaregiver) {
    await statsEngine.recordBookingAnswer(tx, e.booking, e.at);
    await statsEngine.refreshResponseTime(tx, caregiverId, e.at);
  }
  if (byCaregiver || e.to === 'completed') await statsEngine.recordActivity(tx, caregiverId, e.at);
}
