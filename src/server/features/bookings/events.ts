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

export interface BookingEvents {
  /**
   * Registers a listener called inside the same transaction as every booking state change (creation
   * included: from null to 'pending'; jobs pass actorUserId null). A listener that throws rolls the
   * change back. Use only `tx` in a listener — never `app.db` (on PGlite a second connection waits for
   * this transaction forever) — and send e-mail elsewhere. Returns a function that removes it (for tests).
   */
  on(listener: BookingTransitionListener): () => void;
  /** Called by the bookings service only: every listener, in order of registration. */
  emit(tx: Tx, event: BookingTransition): Promise<void>;
}

/**
 * The booking state-change events of one app (built once per app, so two apps in one process never share
 * listeners). The listeners are registered in one place: src/server/events.ts.
 */
export function createBookingEvents(): BookingEvents {
  const listeners: BookingTransitionListener[] = [];
  return {
    on(listener) {
      if (!listeners.includes(listener)) listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    async emit(tx, event) {
      for (const listener of [...listeners]) await listener(tx, event);
    },
  };
}
