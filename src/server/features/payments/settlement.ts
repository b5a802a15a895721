import { cancellationTerms } from '../../../shared/contracts/bookings';
import { billedMinutes, type Cents, centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import type { PaymentProvider } from '../../adapters/payments';
import { type LedgerLine, ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import type { PaymentRefundCause } from '../../db/schema';
import type { BookingRow, BookingTransition } from '../bookings';
import type { PaymentBookings, PaymentVisitTimes } from './ports';
import { paymentRefundRepo } from './refunds';
import { type PaymentRow, paymentRepo } from './repo';

/** A booking's money: total charged, our fee, and the caregiver's subtotal (cents). */
export function bookingAmounts(b: Pick<BookingRow, 'totalCost' | 'platformFee'>) {
  const total = toCents(b.totalCost);
  const fee = toCents(b.platformFee);
  return { total, fee, subtotal: total - fee };
}

/**
 * The booking with the family the ledger names: for a care circle's booking, the payer whose payment stands
 * for it (their spending, their refunds); otherwise, or before anyone paid, the booking's family.
 */
export async function asPaidBy(tx: Tx, b: BookingRow): Promise<BookingRow> {
  if (b.circleId === null) return b;
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  return payment ? { ...b, familyId: payment.familyId } : b;
}

/**
 * The idempotency key of a provider call about a payment, derived from the intent (ADR 0041), never random:
 * `payment:{id}:{action}`. A payment is captured, voided or released once, so a retry (another instance,
 * a job run again) asks the provider for the same thing and gets the first answer.
 */
export const providerKey = (payment: Pick<PaymentRow, 'id'>, action: string) =>
  `payment:${payment.id}:${action}`;

const isHeld = (p: PaymentRow | undefined) => p?.status === 'authorized' || p?.status === 'received';

/**
 * A caregiver's cancellation of a confirmed booking keeps what the family has held for it (ADR 0034), so a
 * backup can take it over without a second authorization; the backup-holds job releases it in full later.
 */
export function keepsHoldForBackup(
  b: Pick<BookingRow, 'seriesId'>,
  side: 'family' | 'caregiver',
  from: BookingRow['status'] | null,
  payment: PaymentRow | undefined,
): boolean {
  // A series visit's hold is the visit-holds job's, per visit; a caregiver leaving a series releases them
  // all at once (ADR 0031), so only single bookings keep theirs.
  return b.seriesId === null && side === 'caregiver' && from === 'confirmed' && isHeld(payment);
}

/**
 * What completion charges (cents): the booked price, or with a check-in and check-out the price of the time
 * actually spent (billedMinutes: nearest 15 minutes, never above the booked hours), ADR 0032.
 */
async function completionAmounts(visitTimes: PaymentVisitTimes, tx: Tx, b: BookingRow) {
  const times = await visitTimes.of(tx, b.id);
  if (!times) return bookingAmounts(b);
  const minutes = billedMinutes(
    (times.checkedOutAt.getTime() - times.checkedInAt.getTime()) / 60_000,
    b.duration,
  );
  const price = priceBooking(toCents(b.hourlyRate), minutes / 60);
  // The whole booked time (or a price at least the booked one): exactly what was booked.
  if (price.total >= toCents(b.totalCost)) return bookingAmounts(b);
  return {
    total: price.total,
    fee: price.platformFee,
    subtotal: price.subtotal,
  };
}

/**
 * Completion: the held money (or, with none held, what the family now owes) becomes our fee and the
 * caregiver's earning; a card hold is captured. When the visit's actual time costs less than the hold,
 * only that is captured and the rest goes back to the family (a partial capture releases it).
 */
async function settleCompletion(
  provider: PaymentProvider,
  visitTimes: PaymentVisitTimes,
  tx: Tx,
  b: BookingRow,
  at: Date,
) {
  const { total, fee, subtotal } = await completionAmounts(visitTimes, tx, b);
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  const held = isHeld(payment);
  const heldAmount = payment && held ? toCents(payment.amount) : 0;
  const back = held ? Math.max(0, heldAmount - total) : 0;
  if (payment && held) {
    const card = payment.status === 'authorized' && payment.providerRef;
    // Keys derived from the payment (ADR 0041): it is captured, voided or refunded once.
    if (card && total > 0) await provider.capture(card, total, providerKey(payment, 'capture'));
    else if (card) await provider.void(card, providerKey(payment, 'void'));
    // A transfer we hold: what was not earned is refunded.
    if (!card && back > 0 && payment.providerRef)
      await provider.refund(payment.providerRef, back, providerKey(payment, 'refund:completion'));
    await paymentRepo.update(tx, payment.id, {
      status: total > 0 ? 'captured' : payment.status === 'authorized' ? 'voided' : 'refunded',
      capturedAmount: centsToDecimal(total),
      refundedAmount: centsToDecimal(back),
      updatedAt: at,
    });
  }
  const charged = held ? heldAmount : total;
  const lines: LedgerLine[] = [
    {
      account: held ? 'booking_hold' : 'family_receivable',
      kind: 'capture',
      amount: -charged,
      familyId: b.familyId,
    },
    { account: 'platform_revenue', kind: 'platform_fee', amount: fee, familyId: b.familyId },
    {
      account: 'caregiver_payable',
      kind: 'caregiver_earning',
      amount: subtotal,
      familyId: b.familyId,
      caregiverId: b.caregiverId,
    },
  ];
  if (back > 0) {
    const kind = payment?.status === 'authorized' ? 'void' : 'refund';
    lines.push({ account: 'family_source', kind, amount: back, familyId: b.familyId });
  }
  const moved = lines.filter((l) => l.amount !== 0);
  const txnId = moved.length
    ? await ledger.post(tx, { bookingId: b.id, paymentId: held ? payment?.id : null, at, lines: moved })
    : '';
  // The unused part of a hold went back (ADR 0054): a record both sides see on the booking.
  if (payment && back > 0) {
    await paymentRefundRepo.insert(tx, {
      paymentId: payment.id,
      bookingId: b.id,
      familyId: payment.familyId,
      kind: payment.status === 'authorized' ? 'release' : 'refund',
      cause: 'completion',
      amount: centsToDecimal(back),
      ledgerTxnId: txnId || null,
      createdAt: at,
    });
  }
}

/** Decline, expiry or a free cancellation: everything held goes back; a pending transfer is called off. */
export async function releaseAll(
  provider: PaymentProvider,
  tx: Tx,
  b: BookingRow,
  at: Date,
  cause: PaymentRefundCause = 'released',
) {
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  if (!payment) return;
  if (payment.status === 'awaiting_transfer') {
    await paymentRepo.update(tx, payment.id, { status: 'cancelled', updatedAt: at });
    return;
  }
  if (!isHeld(payment)) return;
  const amount = toCents(payment.amount);
  const card = payment.status === 'authorized';
  if (payment.providerRef) {
    if (card) await provider.void(payment.providerRef, providerKey(payment, 'void'));
    else await provider.refund(payment.providerRef, amount, providerKey(payment, 'refund:release'));
  }
  await paymentRepo.update(tx, payment.id, {
    status: card ? 'voided' : 'refunded',
    refundedAmount: centsToDecimal(amount),
    updatedAt: at,
  });
  const kind = card ? 'void' : 'refund';
  const txnId = await ledger.post(tx, {
    bookingId: b.id,
    paymentId: payment.id,
    at,
    lines: [
      { account: 'booking_hold', kind, amount: -amount, familyId: b.familyId },
      { account: 'family_source', kind, amount, familyId: b.familyId },
    ],
  });
  await paymentRefundRepo.insert(tx, {
    paymentId: payment.id,
    bookingId: b.id,
    familyId: payment.familyId,
    kind: card ? 'release' : 'refund',
    cause,
    amount: centsToDecimal(amount),
    ledgerTxnId: txnId || null,
    createdAt: at,
  });
}

/** A late cancellation by the family: the fee goes to the caregiver, the rest back to the family. */
async function settleLateCancellation(
  provider: PaymentProvider,
  tx: Tx,
  b: BookingRow,
  lateFee: Cents,
  at: Date,
) {
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  const caregiverLine = {
    account: 'caregiver_payable' as const,
    kind: 'late_cancellation_fee' as const,
    amount: lateFee,
    familyId: b.familyId,
    caregiverId: b.caregiverId,
  };
  if (payment && isHeld(payment)) {
    const amount = toCents(payment.amount);
    if (payment.providerRef)
      await provider.capture(payment.providerRef, lateFee, providerKey(payment, 'capture'));
    if (payment.providerRef && payment.status === 'received') {
      await provider.refund(
        payment.providerRef,
        amount - lateFee,
        providerKey(payment, 'refund:late-cancellation'),
      );
    }
    await paymentRepo.update(tx, payment.id, {
      status: 'partially_refunded',
      capturedAmount: centsToDecimal(lateFee),
      refundedAmount: centsToDecimal(amount - lateFee),
      updatedAt: at,
    });
    const txnId = await ledger.post(tx, {
      bookingId: b.id,
      paymentId: payment.id,
      at,
      lines: [
        { account: 'booking_hold', kind: 'capture', amount: -amount, familyId: b.familyId },
        caregiverLine,
        { account: 'family_source', kind: 'refund', amount: amount - lateFee, familyId: b.familyId },
      ],
    });
    if (amount - lateFee > 0) {
      await paymentRefundRepo.insert(tx, {
        paymentId: payment.id,
        bookingId: b.id,
        familyId: payment.familyId,
        kind: payment.status === 'received' ? 'refund' : 'release',
        cause: 'cancelled_by_family',
        amount: centsToDecimal(amount - lateFee),
        keptAmount: centsToDecimal(lateFee),
        ledgerTxnId: txnId || null,
        createdAt: at,
      });
    }
    return;
  }
  if (payment?.status === 'awaiting_transfer') {
    await paymentRepo.update(tx, payment.id, { status: 'cancelled', updatedAt: at });
  }
  // Nothing held: the family owes the fee.
  await ledger.post(tx, {
    bookingId: b.id,
    at,
    lines: [
      { account: 'family_receivable', kind: 'capture', amount: -lateFee, familyId: b.familyId },
      caregiverLine,
    ],
  });
}

/**
 * Money follows every booking transition, in the same transaction: a completion captures, a decline,
 * expiry or free cancellation releases, a late cancellation pays the caregiver the fee. Built once per
 * app with its payment provider (src/server/wiring/events.ts registers it first).
 */
export function createSettlement(
  provider: PaymentProvider,
  policy: {
    /** Which side cancelled a booking (bookings' lookups). */
    bookings: Pick<PaymentBookings, 'cancelledBySide'>;
    /** A visit's checked-in and checked-out times (visits). */
    visitTimes: PaymentVisitTimes;
    /** A decision made elsewhere (a parish emergency, ADR 0030) that makes a late cancellation free. */
    lateFeeWaived?: (tx: Tx, b: BookingRow, at: Date) => Promise<boolean>;
  },
) {
  return async function settleBookingTransition(
    tx: Tx,
    e: Pick<BookingTransition, 'booking' | 'from' | 'to' | 'at'>,
  ): Promise<void> {
    const b = await asPaidBy(tx, e.booking);
    switch (e.to) {
      case 'completed':
        return settleCompletion(provider, policy.visitTimes, tx, b, e.at);
      case 'declined':
      case 'expired':
        return releaseAll(provider, tx, b, e.at, e.to);
      case 'cancelled': {
        // Released by the system because nobody paid in time (ADR 0032), replaced after a no-show (ADR 0034)
        // or ended after a trial visit (ADR 0048): no fee for anyone, everything held goes back.
        if (b.cancelReason !== null) return releaseAll(provider, tx, b, e.at);
        const side = await policy.bookings.cancelledBySide(tx, b);
        // The caregiver dropped out of a confirmed booking: the hold stays for a backup (ADR 0034), and is
        // moved by a rebook or released in full by the backup-holds job.
        if (keepsHoldForBackup(b, side, e.from, await paymentRepo.liveForBooking(tx, b.id))) return;
        const terms = cancellationTerms(
          {
            status: e.from ?? 'pending',
            startsAt: b.startsAt,
            hourlyRateCents: toCents(b.hourlyRate),
            duration: b.duration,
            cancelReason: b.cancelReason,
          },
          side,
          e.at,
        );
        if (terms.lateFee > 0) {
          if (!(await policy.lateFeeWaived?.(tx, b, e.at)))
            return settleLateCancellation(provider, tx, b, terms.lateFee, e.at);
          // A parish emergency waived the fee the cancellation would have cost (ADR 0030).
          return releaseAll(provider, tx, b, e.at, 'emergency_waiver');
        }
        return releaseAll(
          provider,
          tx,
          b,
          e.at,
          side === 'family' ? 'cancelled_by_family' : 'cancelled_by_caregiver',
        );
      }
      default:
        return;
    }
  };
}

/** What the family still owes for a booking completed (or late-cancelled) without money held (cents). */
export async function outstandingFor(tx: Tx, bookingId: number): Promise<Cents> {
  return -(await ledger.bookingAccountBalance(tx, bookingId, 'family_receivable'));
}
