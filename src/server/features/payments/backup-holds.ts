import { backupHoldUntil, HOLD_WINDOW } from '../../../shared/backup-hold-window';
import type { HoldOutcome } from '../../../shared/contracts/backups';
import { type Cents, centsToDecimal, toCents } from '../../../shared/money';
import type { PaymentProvider } from '../../adapters/payments';
import { ledger } from '../../core/ledger/service';
import type { Db, Tx } from '../../db/client';
import type { BookingRow } from '../bookings';
import { backupHoldRepo } from './backup-holds-repo';
import type { PaymentBookings } from './ports';
import { type PaymentRow, paymentRepo } from './repo';
import { asPaidBy, providerKey, releaseAll } from './settlement';

/** Money held for a booking: a card hold, or a transfer we received. */
const isHeld = (p: PaymentRow | undefined): p is PaymentRow =>
  p?.status === 'authorized' || p?.status === 'received';

/**
 * What the family holds for a booking (undefined: nothing), and for a cancelled one until when it is kept
 * for a backup (ADR 0034).
 */
export async function heldFor(
  tx: Tx,
  b: BookingRow,
): Promise<{ amount: Cents; until: Date | null } | undefined> {
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  if (!isHeld(payment)) return undefined;
  const until =
    b.status === 'cancelled' && b.cancelledAt
      ? backupHoldUntil({
          cancelledAt: b.cancelledAt,
          startsAt: b.startsAt,
          timeZone: await backupHoldRepo.familyTimeZone(tx, b.familyId),
        })
      : null;
  return { amount: toCents(payment.amount), until };
}

export interface MovedHold {
  outcome: HoldOutcome;
  /** Held for the new booking now (cents). */
  amount: Cents;
  /** Given back to the family (cents). */
  released: Cents;
}

/**
 * Moves the family's hold from a dropped booking to its backup, in `tx` (the caller holds both rows'
 * locks). The same authorization at the provider, re-pointed here; resized to the backup's total when the
 * provider can (lower: the difference is released; higher: an incremental authorization). A hold that
 * cannot be raised, or a transfer that would not cover the new total, is released in full and the family
 * pays the backup as any booking. The ledger takes it out of one booking and into the other (each posting
 * balanced): the family never pays twice.
 */
export async function moveHoldToBackup(
  provider: PaymentProvider,
  tx: Tx,
  from: BookingRow,
  to: BookingRow,
  at: Date,
): Promise<MovedHold> {
  const payment = await paymentRepo.liveForBooking(tx, from.id);
  if (!isHeld(payment)) return { outcome: 'none', amount: 0, released: 0 };
  const held = toCents(payment.amount);
  const total = toCents(to.totalCost);
  const card = payment.status === 'authorized';
  let resized = total === held;
  if (!resized && payment.providerRef) {
    if (card && provider.resizeHold)
      resized = await provider.resizeHold(
        payment.providerRef,
        total,
        providerKey(payment, `resize:booking:${to.id}`),
      );
    else if (card)
      resized = total < held; // captured partially at completion, releasing the rest
    else if (total < held) {
      // A transfer we hold: the difference goes back now.
      await provider.refund(
        payment.providerRef,
        held - total,
        providerKey(payment, `refund:booking:${to.id}`),
      );
      resized = true;
    }
  } else if (!payment.providerRef) resized = total <= held;
  if (!resized) {
    await releaseAll(provider, tx, await asPaidBy(tx, from), at);
    return { outcome: 'released', amount: 0, released: held };
  }
  await paymentRepo.update(tx, payment.id, {
    bookingId: to.id,
    amount: centsToDecimal(total),
    updatedAt: at,
  });
  const familyId = payment.familyId;
  await ledger.post(tx, {
    bookingId: from.id,
    paymentId: payment.id,
    at,
    lines: [
      { account: 'booking_hold', kind: 'hold_move', amount: -held, familyId },
      { account: 'family_source', kind: 'hold_move', amount: held, familyId },
    ],
  });
  await ledger.post(tx, {
    bookingId: to.id,
    paymentId: payment.id,
    at,
    lines: [
      { account: 'family_source', kind: 'hold_move', amount: -total, familyId },
      { account: 'booking_hold', kind: 'hold_move', amount: total, familyId },
    ],
  });
  return {
    outcome: total > held ? 'raised' : 'moved',
    amount: total,
    released: Math.max(0, held - total),
  };
}

/**
 * The job: holds kept for a backup that nobody used are released in full once their window ended
 * (`backupHoldUntil`: from 3 hours to a day after the cancellation, never ending in the family's night). One transaction per hold, its booking locked with SKIP
 * LOCKED (a rebook in progress wins; the next run sees the hold moved). Returns how many were released.
 */
export async function releaseKeptHolds(
  provider: PaymentProvider,
  db: Db,
  bookings: Pick<PaymentBookings, 'lockSkipLocked'>,
  at: Date,
  signal?: AbortSignal,
): Promise<number> {
  const kept = await backupHoldRepo.keptSince(db, new Date(at.getTime() - HOLD_WINDOW.minMs));
  const due = kept.filter(
    (k) => k.cancelledAt && backupHoldUntil({ ...k, cancelledAt: k.cancelledAt }).getTime() <= at.getTime(),
  );
  let released = 0;
  for (const { bookingId } of due) {
    if (signal?.aborted) break;
    await db.transaction(async (tx) => {
      const b = await bookings.lockSkipLocked(tx, bookingId);
      if (b?.status !== 'cancelled') return;
      if (!isHeld(await paymentRepo.liveForBooking(tx, b.id))) return;
      await releaseAll(provider, tx, await asPaidBy(tx, b), at);
      released++;
    });
  }
  return released;
}

/** The backup holds of one app, with its provider and database (services.ts builds it once). */
export function createBackupHolds(
  provider: PaymentProvider,
  db: Db,
  /** The bookings' rows, locked without waiting (bookings' lookups, passed by services.ts). */
  bookings: Pick<PaymentBookings, 'lockSkipLocked'>,
) {
  return {
    heldFor,
    move: (tx: Tx, from: BookingRow, to: BookingRow, at: Date) =>
      moveHoldToBackup(provider, tx, from, to, at),
    releaseDue: (at: Date, signal?: AbortSignal) => releaseKeptHolds(provider, db, bookings, at, signal),
  };
}

export type BackupHolds = ReturnType<typeof createBackupHolds>;
