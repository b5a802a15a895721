import { type Cents, centsToDecimal } from '../../../shared/money';
import type { AuthorizeResult } from '../../adapters/payments';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import { type PaymentRow, paymentRepo } from './repo';

type Accepted = Extract<AuthorizeResult, { ok: true }>;
type Refused = Extract<AuthorizeResult, { ok: false }>;

/**
 * The provider accepted the card: the payment row becomes a hold (or, for a debt settled at once,
 * captured) and the ledger moves the money from the family's card. One code path for every card payment:
 * the payment page's and the visit-holds job's (ADR 0032).
 */
export async function recordCardAccepted(
  tx: Tx,
  payment: PaymentRow,
  result: Accepted,
  charge: Cents,
  settled: boolean,
  at: Date,
): Promise<PaymentRow> {
  const updated = await paymentRepo.update(tx, payment.id, {
    status: settled ? 'captured' : 'authorized',
    capturedAmount: settled ? centsToDecimal(charge) : '0',
    providerRef: result.providerRef,
    cardBrand: result.brand,
    cardLast4: result.last4,
    updatedAt: at,
  });
  const familyId = payment.familyId;
  await ledger.post(tx, {
    bookingId: payment.bookingId,
    paymentId: payment.id,
    at,
    lines: settled
      ? [
          { account: 'family_source', kind: 'capture', amount: -charge, familyId },
          { account: 'family_receivable', kind: 'capture', amount: charge, familyId },
        ]
      : [
          { account: 'family_source', kind: 'authorization', amount: -charge, familyId },
          { account: 'booking_hold', kind: 'authorization', amount: charge, familyId },
        ],
  });
  return updated;
}

/** The provider refused the card: kept as a declined attempt (a retry with its key answers the same). */
export function recordCardRefused(tx: Tx, payment: PaymentRow, result: Refused, at: Date) {
  return paymentRepo.update(tx, payment.id, {
    status: 'declined',
    failureCode: result.code,
    failureMessage: result.message,
    cardBrand: result.brand ?? null,
    cardLast4: result.last4 ?? null,
    updatedAt: at,
  });
}
