import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingEvents, bookings, emergencies, visitEntries, visitNoShowNotices } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { bookingLookups } from '../bookings/service';
import { createEmergencyRules } from '../emergencies/service';
import { reliabilityRecords } from './service';

/** Test helpers for reliability records (not used by the app): a made-up history written straight to the tables. */

const MIN = 60_000;
const HOUR = 60 * MIN;

export interface PastVisit {
  familyId: number;
  caregiverId: number;
  /** The caregiver's user id (who cancels as the caregiver). */
  caregiverUserId: number;
  /** yyyy-MM-dd in Jamaica; the visit runs 9:00–11:00 AM. */
  date: string;
  status: 'confirmed' | 'completed' | 'cancelled';
  /** Minutes after the start the caregiver checked in (null: no check-in). */
  checkIn?: number | null;
  /** A cancellation: who, how many hours before the start (negative: after), from which status, why. */
  cancel?: {
    by: 'caregiver' | 'family' | 'system';
    hoursBefore: number;
    from?: 'confirmed' | 'pending';
    reason?: 'unpaid' | 'no_show';
  };
  /** The no-show notice was sent this many minutes after the start. */
  noticeAfter?: number;
}

let seq = 0;

export async function pastVisit(db: Tx, v: PastVisit) {
  const b = await createBooking(db, {
    familyId: v.familyId,
    caregiverId: v.caregiverId,
    date: v.date,
    status: v.status,
  });
  const start = b.startsAt.getTime();
  if (v.cancel) {
    const at = new Date(start - v.cancel.hoursBefore * HOUR);
    const actor =
      v.cancel.by === 'caregiver' ? v.caregiverUserId : v.cancel.by === 'family' ? v.familyId : null;
    await db
      .update(bookings)
      .set({ cancelledAt: at, cancelledBy: actor, cancelReason: v.cancel.reason ?? null })
      .where(eq(bookings.id, b.id));
    await db.insert(bookingEvents).values({
      bookingId: b.id,
      fromStatus: v.cancel.from ?? 'confirmed',
      toStatus: 'cancelled',
      actorUserId: actor,
      at,
    });
  }
  if (v.checkIn !== undefined && v.checkIn !== null) {
    const at = new Date(start + v.checkIn * MIN);
    await db.insert(visitEntries).values({
      bookingId: b.id,
      kind: 'check_in',
      clientId: `test-${++seq}`,
      authorUserId: v.caregiverUserId,
      recordedAt: at,
      receivedAt: at,
      effectiveAt: at,
    });
  }
  if (v.noticeAfter !== undefined) {
    await db
      .insert(visitNoShowNotices)
      .values({ bookingId: b.id, sentAt: new Date(start + v.noticeAfter * MIN) });
  }
  return b;
}

/** A declared emergency over `parishes` from `startsAt` to `endsAt`, declared at `declaredAt`. */
export async function pastEmergency(
  db: Tx,
  e: { parishes: string[]; startsAt: Date; endsAt: Date; declaredAt: Date; endedAt?: Date },
) {
  const [row] = await db
    .insert(emergencies)
    .values({ kind: 'hurricane', message: 'Hurricane warning: stay indoors.', endedAt: null, ...e })
    .returning();
  return row;
}

/** Reliability records as the app keeps them (cancellations a parish emergency covered are excused). */
export const reliabilityForTests = reliabilityRecords(createEmergencyRules(bookingLookups));
