import { toCents } from '../../../shared/money';
import type { PaymentProvider } from '../../adapters/payments';
import type { Tx } from '../../db/client';
import type { BookingRow } from '../bookings';
import { paymentRepo } from './repo';
import { asPaidBy, releaseAll } from './settlement';

/**
 * What is held for a booking follows a change of its price (an accepted counter-proposal, ADR 0048), in the
 * booking's transaction: a live payment of exactly the new total stays as it is; one of another amount (a card
 * hold, a transfer received or one still awaited) is released in full through the settlement's one release
 * path, and the family pays the new total through the ordinary payment page: a higher amount is taken only on
 * its owner's act (ADR 0039), and a lower one is not left standing above the price.
 */
export async function followNewTotal(
  provider: PaymentProvider,
  tx: Tx,
  b: BookingRow,
  at: Date,
): Promise<'none' | 'kept' | 'released'> {
  const payment = await paymentRepo.liveForBooking(tx, b.id);
  if (!payment) return 'none';
  const releasable = ['authorized', 'received', 'awaiting_transfer'].includes(payment.status);
  if (!releasable || toCents(payment.amount) === toCents(b.totalCost)) return 'kept';
  await releaseAll(provider, tx, await asPaidBy(tx, b), at);
  return 'released';
}

/** The hold follower of one app, with its provider (services.ts passes it to bookings as `holds`). */
export function createHoldFollower(provider: PaymentProvider) {
  return { followNewTotal: (tx: Tx, b: BookingRow, at: Date) => followNewTotal(provider, tx, b, at) };
}
