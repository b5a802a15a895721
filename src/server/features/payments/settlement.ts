import { cancellationTerms } from '../../../shared/contracts/bookings';
import { type Cents, centsToDecimal, toCents } from '../../../shared/money';
import type { PaymentProvider } from '../../adapters/payments';
import type { Tx } from '../../db/client';
import { type BookingRow, type BookingTransition, bookingRecords } from '../bookings/service';
import { ledger } from '../ledger/service';
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
async function asPaidBy(tx: Tx, b: BookingRow): Promise<BookingRow> {
  if (b.circleId === null) return b;
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  return payment ? { ...b, familyId: payment.familyId } : b;
}

const isHeld = (p: PaymentRow | undefined) => p?.status === 'authorized' || p?.status === 'received';

/**
 * Completion: the held money (or, with none held, what the family now owes) becomes our fee and the
 * caregiver's earning; a card hold is captured.
 */
async function settleCompletion(provider: PaymentProvider, tx: Tx, b: BookingRow, at: Date) {
  const { total, fee, subtotal } = bookingAmounts(b);
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  const held = isHeld(payment);
  if (payment && held) {
    if (payment.status === 'authorized' && payment.providerRef)
      await provider.capture(payment.providerRef, total);
    await paymentRepo.update(tx, payment.id, {
      status: 'captured',
      capturedAmount: centsToDecimal(total),
      updatedAt: at,
    });
  }
  await ledger.post(tx, {
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
async function releaseAll(provider: PaymentProvider, tx: Tx, b: BookingRow, at: Date) {
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
    if (card) await provider.void(payment.providerRef);
    else await provider.refund(payment.providerRef, amount);
  }
  await paymentRepo.update(tx, payment.id, {
    status: card ? 'voided' : 'refunded',
    refundedAmount: centsToDecimal(amount),
    updatedAt: at,
  });
  const kind = card ? 'void' : 'refund';
  await ledger.post(tx, {
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
    if (payment.providerRef) await provider.capture(payment.providerRef, lateFee);
    if (payment.providerRef && payment.status === 'received') {
      await provider.refund(payment.providerRef, amount - lateFee);
    }
    await paymentRepo.update(tx, payment.id, {
      status: 'partially_refunded',
      capturedAmount: centsToDecimal(lateFee),
      refundedAmount: centsToDecimal(amount - lateFee),
      updatedAt: at,
    });
    await ledger.post(tx, {
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
 * app with its payment provider (src/server/events.ts registers it first).
 */
export function createSettlement(provider: PaymentProvider) {
  return async function settleBookingTransition(
    tx: Tx,
    e: Pick<BookingTransition, 'booking' | 'from' | 'to' | 'at'>,
  ): Promise<void> {
    const b = await asPaidBy(tx, e.booking);
    switch (e.to) {
      case 'completed':
        return settleCompletion(provider, tx, b, e.at);
      case 'declined':
      case 'expired':
        return releaseAll(provider, tx, b, e.at);
      case 'cancelled': {
        const terms = cancellationTerms(
          {
            status: e.from ?? 'pending',
            startsAt: b.startsAt,
            hourlyRateCents: toCents(b.hourlyRate),
            duration: b.duration,
          },
          await bookingRecords.cancelledBySide(tx, b),
          e.at,
        );
        if (terms.lateFee > 0) return settleLateCancellation(provider, tx, b, terms.lateFee, e.at);
        return releaseAll(provider, tx, b, e.at);
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
