import { and, eq, inArray } from 'drizzle-orm';
import { BOOKING_MESSAGES, parseClock } from '../../../shared/contracts/bookings';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Actor, BookingContext } from './booking-context';
import { openRequest, writeRequest } from './create-booking';
import type { BookingRow } from './events';
import { bookingPlacesRepo } from './places-repo';
import { bookingRepo } from './repo';
import { applyTransition, lockOwned } from './transition-booking';

/** A booking a backup may replace (ADR 0034): the row, its caregiver, where the care happens. */
export interface BackupBooking {
  booking: BookingRow;
  caregiver: { id: number; userId: number; kinds: string[] };
  place: { town: string | null; parish: string | null };
  /** The caregiver cancelled it while it was confirmed (their own act, recorded with them as actor). */
  cancelledByCaregiver: boolean;
}

/**
 * Backup requests (ADR 0034), inside the caller's transaction: the family side's booking (locked), its live
 * backup, a backup request written through the same path as any request, and the original cancelled as its
 * caregiver's no-show.
 */
export function backupRequests(ctx: BookingContext) {
  return {
    /**
     * The booking, locked, when `actor` is its family side (a circle's: a member who may book). Its caregiver
     * and members who may not book get 403; anyone else 404 (as every booking route).
     */
    async openForFamily(tx: Tx, actor: Actor, id: number): Promise<BackupBooking> {
      const { booking, isFamily } = await lockOwned(ctx, tx, actor, id);
      if (!isFamily) throw forbidden('Only the family can choose a backup for this booking.');
      const joined = await bookingRepo.getJoined(tx, id);
      if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
      const place = (await bookingPlacesRepo.placeOf(tx, id)) ?? { town: null, parish: null };
      const side = booking.status === 'cancelled' ? await bookingRepo.cancelledBySide(tx, booking) : null;
      const events = await bookingRepo.events(tx, id);
      const cancelledByCaregiver =
        side === 'caregiver' &&
        booking.cancelReason === null &&
        events.some((e) => e.toStatus === 'cancelled' && e.fromStatus === 'confirmed');
      return {
        booking,
        caregiver: { id: joined.cg.id, userId: joined.cg.userId, kinds: joined.cg.kinds },
        place,
        cancelledByCaregiver,
      };
    },

    /** The backup booked for `id` that still stands (awaiting approval, pending, confirmed or completed). */
    async liveBackupOf(tx: Tx, id: number): Promise<BookingRow | undefined> {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.rebookedFrom, id),
            inArray(bookings.status, ['awaiting_approval', 'pending', 'confirmed', 'completed']),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The backup request: the original's date, time, length, notes, circle and recipient, at the new
     * caregiver's rate, pending (the caregiver must still agree: ADR 0034), linked by rebooked_from.
     */
    async writeBackupRequest(
      tx: Tx,
      actor: Actor,
      original: BookingRow,
      caregiverId: number,
      at: Date,
    ): Promise<{ row: BookingRow; mails: Mail[] }> {
      const opened = await openRequest(ctx, tx, actor, caregiverId, original.circleId ?? undefined);
      const time = {
        date: original.date,
        startMinutes: parseClock(original.startTime) ?? 0,
        duration: original.duration,
        notes: original.notes,
        rebookedFrom: original.id,
      };
      return writeRequest(ctx, tx, actor, opened, time, at);
    },

    /** A no-show replaced by a backup: the original ends, cancelled by the system as its caregiver's no-show. */
    async cancelAsNoShow(tx: Tx, original: BookingRow, at: Date): Promise<Mail[]> {
      const { mails } = await applyTransition(
        ctx,
        tx,
        original,
        { from: ['confirmed'], to: 'cancelled', patch: { cancelledAt: at, cancelReason: 'no_show' } },
        null,
        at,
      );
      return mails;
    },
  };
}
