import { cancellationTerms } from '../../../shared/contracts/bookings';
import { type Cents, centsToDecimal, toCents } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { type BookingRow, onBookingTransition } from '../bookings/events';
import { bookingAccountBalance, ledgerRepo } from '../ledger/repo';
import { paymentProvider } from './provider';
import { type PaymentRow, paymentRepo } from './repo';

/** A booking's money: total charged, our fee, and the caregiver's subtotal (cents). */
export function bookingAmounts(b: Pick<BookingRow, 'totalCost' | 'platformFee'>) {
  const total = toCents(b.totalCost);
  const fee = toCents(b.platformFee);
  return { total, fee, subtotal: total - fee };
}

const isHeld = (p: PaymentRow | undefined) => p?.status === 'authorized' || p?.status === 'received';

/**
 * Completion: the held money (or, with none held, what the family now owes) becomes our fee and the
 * caregiver's earning; a card hold is captured.
 */
async function settleCompletion(tx: Tx, b: BookingRow, at: Date) {
  const { total, fee, subtotal } = bookingAmounts(b);
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  const held = isHeld(payment);
  if (payment && held) {
    if (payment.status === 'authorized' && payment.providerRef)
      await paymentProvider().capture(payment.providerRef, total);
    await paymentRepo.update(tx, payment.id, {
      status: 'captured',
      capturedAmount: centsToDecimal(total),
      updatedAt: at,
    });
  }
  await ledgerRepo.post(tx, {
    bookingId: b.id,
    paymentId: held ? payment?.id : null,
    at,
    lines: [
      {
        account: held ? 'booking_hold' : 'family_receivable',
        kind: 'capture',
        amount: -total,
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
    ],
  });
}

/** Decline, expiry or a free cancellation: everything held goes back; a pending transfer is called off. */
async function releaseAll(tx: Tx, b: BookingRow, at: Date) {
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
    if (card) await paymentProvider().void(payment.providerRef);
    else await paymentProvider().refund(payment.providerRef, amount);
  }
  await paymentRepo.update(tx, payment.id, {
    status: card ? 'voided' : 'refunded',
    refundedAmount: centsToDecimal(amount),
    updatedAt: at,
  });
  const kind = card ? 'void' : 'refund';
  await ledgerRepo.post(tx, {
    bookingId: b.id,
    paymentId: payment.id,
    at,
    lines: [
      { account: 'booking_hold', kind, amount: -amount, familyId: b.familyId },
      { account: 'family_source', kind, amount, familyId: b.familyId },
    ],
  });
}

/** A late cancellation by the family: the fee goes to the caregiver, the rest back to the family. */
async function settleLateCancellation(tx: Tx, b: BookingRow, lateFee: Cents, at: Date) {
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
    if (payment.providerRef) await paymentProvider().capture(payment.providerRef, lateFee);
    if (payment.providerRef && payment.status === 'received') {
      await paymentProvider().refund(payment.providerRef, amount - lateFee);
    }
    await paymentRepo.update(tx, payment.id, {
      status: 'partially_refunded',
      capturedAmount: centsToDecimal(lateFee),
      refundedAmount: centsToDecimal(amount - lateFee),
      updatedAt: at,
    });
    await ledgerRepo.post(tx, {
      bookingId: b.id,
      paymentId: payment.id,
      at,
      lines: [
        { account: 'booking_hold', kind: 'capture', amount: -amount, familyId: b.familyId },
        caregiverLine,
        { account: 'family_source', kind: 'refund', amount: amount - lateFee, familyId: b.familyId },
      ],
    });
    return;
  }
  if (payment?.status === 'awaiting_transfer') {
    await paymentRepo.update(tx, payment.id, { status: 'cancelled', updatedAt: at });
  }
  // Nothing held: the family owes the fee.
  await ledgerRepo.post(tx, {
    bookingId: b.id,
    at,
    lines: [
      { account: 'family_receivable', kind: 'capture', amount: -lateFee, familyId: b.familyId },
      caregiverLine,
    ],
  });
}

/** Money follows every booking transition, in the same transaction. */
export async function settleBookingTransition(
  tx: Tx,
  e: { booking: BookingRow; from: BookingRow['status'] | null; to: BookingRow['status']; at: Date },
): Promise<void> {
  const b = e.booking;
  switch (e.to) {
    case 'completed':
      return settleCompletion(tx, b, e.at);
    case 'declined':
    case 'expired':
      return releaseAll(tx, b, e.at);
    case 'cancelled': {
      const terms = cancellationTerms(
        {
          status: e.from ?? 'pending',
          startsAt: b.startsAt,
          hourlyRateCents: toCents(b.hourlyRate),
          duration: b.duration,
        },
        b.cancelledBy === b.familyId ? 'family' : 'caregiver',
        e.at,
      );
      if (terms.lateFee > 0) return settleLateCancellation(tx, b, terms.lateFee, e.at);
      return releaseAll(tx, b, e.at);
    }
    default:
      return;
  }
}

/** What the family still owes for a booking completed (or late-cancelled) without money held (cents). */
export async function outstandingFor(tx: Tx, bookingId: number): Promise<Cents> {
  return -(await bookingAccountBalance(tx, bookingId, 'family_receivable'));
}

onBookingTransition(settleBookingTransition);
