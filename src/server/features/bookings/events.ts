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

const listeners: BookingTransitionListener[] = [];

/**
 * Registers a listener called inside the same transaction as every booking state change (creation
 * included: from null to 'pending'; jobs pass actorUserId null). A listener that throws rolls the change
 * back. Use only `tx` in a listener — never `app.db` (on PGlite a second connection waits for this
 * transaction forever) — and send e-mail elsewhere. Register once, at module load (importing the module
 * that registers must happen before bookings change; the bookings service imports the payments one);
 * returns a function that removes it (for tests).
 */
export function onBookingTransition(listener: BookingTransitionListener): () => void {
  if (!listeners.includes(listener)) listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** Called by the bookings service only, in order of registration. */
export async function emitBookingTransition(tx: Tx, event: BookingTransition): Promise<void> {
  for (const listener of [...listeners]) await listener(tx, event);
}
