import type { Tx } from '../../db/client';
import type { bookings } from '../../db/schema';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingStatus = BookingRow['status'];

export interface BookingTransition {
  /** The booking as it is after the change. */
  booking: BookingRow;
  /** null when the booking was just created. */
  from: BookingStatus | null;
  to: BookingStatus;
  /** Who made the change; null for the system (expiry and auto-completion jobs). */
  actorUserId: number | null;
  at: Date;
}

export type BookingTransitionListener = (tx: Tx, event: BookingTransition) => Promise<void>;

export interface ListenerOptions {
  /**
   * The listener recomputes something of the caregiver's from their bookings as they now stand (stats,
   * badges), so for a batch of new requests (`emitCreated`) running it once per caregiver, with the last
   * event, gives the same result as running it after each. Leave unset when each event has its own effect.
   */
  caregiverAggregate?: boolean;
}

export interface BookingEvents {
  /**
   * Registers a listener called inside the same transaction as every booking state change (creation
   * included: from null to 'pending'; jobs pass actorUserId null). A listener that throws rolls the
   * change back. Use only `tx` in a listener — never `app.db` (on PGlite a second connection waits for
   * this transaction forever) — and send e-mail elsewhere. Returns a function that removes it (for tests).
   */
  on(listener: BookingTransitionListener, options?: ListenerOptions): () => void;
  /** Called by the bookings service only: every listener, in order of registration. */
  emit(tx: Tx, event: BookingTransition): Promise<void>;
  /**
   * Called by the bookings service only, for requests created together in one transaction (a series'
   * visits, ADR 0027): each listener in order of registration; a `caregiverAggregate` one once per
   * caregiver (with that caregiver's last event), every other one once per event.
   */
  emitCreated(tx: Tx, events: BookingTransition[]): Promise<void>;
}

/**
 * The booking state-change events of one app (built once per app, so two apps in one process never share
 * listeners). The listeners are registered in one place: src/server/wiring/events.ts.
 */
export function createBookingEvents(): BookingEvents {
  const listeners: { run: BookingTransitionListener; options: ListenerOptions }[] = [];
  return {
    on(run, options = {}) {
      if (!listeners.some((l) => l.run === run)) listeners.push({ run, options });
      return () => {
        const i = listeners.findIndex((l) => l.run === run);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    async emit(tx, event) {
      for (const { run } of [...listeners]) await run(tx, event);
    },
    async emitCreated(tx, events) {
      if (events.some((e) => e.from !== null)) throw new Error('emitCreated takes new requests only');
      const lastPerCaregiver = [...new Map(events.map((e) => [e.booking.caregiverId, e])).values()];
      for (const { run, options } of [...listeners]) {
        for (const e of options.caregiverAggregate ? lastPerCaregiver : events) await run(tx, e);
      }
    },
  };
}
