import { type BookingEmergency, bookingEmergencyWarning } from '../../../shared/contracts/emergencies';
import type { Tx } from '../../db/client';
import type { BookingEmergencyRules } from '../bookings';
import type { EmergencyBookings } from './ports';
import { type EmergencyRow, emergencyRepo } from './repo';

/** Whether `e` covers a booking at `place` from startsAt to endsAt (its window overlaps the booking's time). */
export const covers = (e: EmergencyRow, place: string | null, b: { startsAt: Date; endsAt: Date }) =>
  place !== null &&
  e.parishes.includes(place) &&
  e.startsAt.getTime() < b.endsAt.getTime() &&
  b.startsAt.getTime() < e.endsAt.getTime();

const toBookingEmergency = (e: EmergencyRow): BookingEmergency => ({
  id: e.id,
  kind: e.kind,
  parishes: e.parishes,
  endsAt: e.endsAt.toISOString(),
  message: e.message,
  warning: bookingEmergencyWarning(e),
});

/**
 * The rules bookings and payments ask (ADR 0030): a booking is covered when an emergency in force at `at`
 * (declared, not ended, not over; current or upcoming) names the parish where its care happens and its
 * window overlaps the booking's time. While covered, either side cancels with no fee and a full refund.
 */
export type EmergencyRules = BookingEmergencyRules & {
  waivesLateFee(tx: Tx, b: { id: number; startsAt: Date; endsAt: Date }, at: Date): Promise<boolean>;
  coveredWhen(tx: Tx, list: { id: number; startsAt: Date; endsAt: Date; at: Date }[]): Promise<Set<number>>;
};

/** The rules, reading where bookings take place through `bookings` (given by services.ts). */
export function createEmergencyRules(bookings: Pick<EmergencyBookings, 'placeParishes'>): EmergencyRules {
  const emergencyRules: EmergencyRules = {
    async coverOf(tx, list, at) {
      const found = new Map<number, BookingEmergency>();
      if (list.length === 0) return found;
      // Nearly always none: one cheap indexed query, and nothing more.
      const live = await emergencyRepo.inForce(tx, at);
      if (live.length === 0) return found;
      const places = await bookings.placeParishes(
        tx,
        list.map((b) => b.id),
      );
      for (const b of list) {
        const e = live.find((x) => covers(x, places.get(b.id) ?? null, b));
        if (e) found.set(b.id, toBookingEmergency(e));
      }
      return found;
    },

    /**
     * The same rule judged in the past: which bookings were covered at their own `at` (e.g. when they were
     * cancelled) by an emergency then in force — declared by then, not yet ended or over. A later end or
     * extension does not change a decision already past (reliability records, ADR 0035, ask this).
     */
    async coveredWhen(tx, list) {
      const found = new Set<number>();
      if (list.length === 0) return found;
      let from = Number.POSITIVE_INFINITY;
      let to = Number.NEGATIVE_INFINITY;
      for (const b of list) {
        from = Math.min(from, b.at.getTime());
        to = Math.max(to, b.at.getTime());
      }
      const live = await emergencyRepo.inForceDuring(tx, new Date(from), new Date(to));
      if (live.length === 0) return found;
      const places = await bookings.placeParishes(
        tx,
        list.map((b) => b.id),
      );
      const inForceAt = (e: EmergencyRow, at: number) =>
        e.declaredAt !== null &&
        e.declaredAt.getTime() <= at &&
        (e.endedAt === null || e.endedAt.getTime() > at) &&
        e.endsAt.getTime() > at;
      for (const b of list) {
        const place = places.get(b.id) ?? null;
        if (live.some((e) => inForceAt(e, b.at.getTime()) && covers(e, place, b))) found.add(b.id);
      }
      return found;
    },

    async waivesLateFee(tx, b, at) {
      return (await emergencyRules.coverOf(tx, [b], at)).has(b.id);
    },
  };
  return emergencyRules;
}
