import { BOOKING_REFUND_CAUSE_TEXT, type BookingView } from '../../../../shared/contracts/bookings';
import { formatJmdExact, toCents } from '../../../../shared/money';
import { formatDate } from '../../../lib/format';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/**
 * The words of a booking's refund (ADR 0054). The payer's side: "Refunded J$ 5,000.00 to Visa •••• 4242 on
 * 28 Nov 2026 — emergency waiver" (a card hold let go is "Released"). The caregiver: what they keep (a late
 * fee), or that the family was given the money back.
 */
export function refundText(booking: BookingView, side: 'family' | 'caregiver'): string | undefined {
  const r = booking.refund;
  if (!r) return undefined;
  const amount = formatJmdExact(toCents(r.amount));
  const when = formatDate(r.at);
  const why = BOOKING_REFUND_CAUSE_TEXT[r.cause];
  if (side === 'caregiver') {
    const kept = toCents(r.keptByCaregiver);
    return kept > 0
      ? `You keep the late-cancellation fee of ${formatJmdExact(kept)}; ${amount} went back to the family on ${when} — ${why}`
      : `The family got ${amount} back on ${when} — ${why}`;
  }
  const card = r.cardLast4 ? `${BRANDS[r.cardBrand ?? ''] ?? 'card'} •••• ${r.cardLast4}` : 'your account';
  const verb = r.kind === 'release' ? 'Released' : 'Refunded';
  const kept = toCents(r.keptByCaregiver);
  const fee = kept > 0 ? ` (the caregiver keeps the late-cancellation fee of ${formatJmdExact(kept)})` : '';
  return `${verb} ${amount} ${r.kind === 'release' ? 'on' : 'to'} ${card} on ${when} — ${why}${fee}`;
}

/** The refund line under a booking card's Payment row; nothing when nothing went back. */
export function RefundNote({ booking, side }: { booking: BookingView; side: 'family' | 'caregiver' }) {
  const text = refundText(booking, side);
  if (!text) return null;
  return (
    <dd className="w-full text-sm break-words" data-testid="booking-refund">
      {text}
    </dd>
  );
}
