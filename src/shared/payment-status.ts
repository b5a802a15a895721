/**
 * One payment model on every screen and in every e-mail: a card (or PayPal) is authorized — held — when the
 * family books, and charged only after the service; a transfer is held by us once it arrives. These are
 * the words for each payment status, used by the booking lists, the payment screen, the admin console and
 * the e-mails alike.
 */
import { formatJmd } from './money';

export type PaymentStatusValue =
  | 'declined'
  | 'awaiting_transfer'
  | 'authorized'
  | 'received'
  | 'captured'
  | 'voided'
  | 'refunded'
  | 'partially_refunded'
  | 'cancelled';

export const PAYMENT_STATUS_LABEL: Record<PaymentStatusValue, string> = {
  authorized: 'Card held',
  awaiting_transfer: 'Awaiting transfer',
  received: 'Transfer received',
  captured: 'Charged',
  voided: 'Released',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cancelled: 'Transfer cancelled',
  declined: 'Card declined',
};

/** A payment that stands for the booking: held, awaiting or received as a transfer, or charged. */
export const LIVE_PAYMENT_STATUSES: readonly string[] = [
  'authorized',
  'received',
  'awaiting_transfer',
  'captured',
];

/** The label for a payment status ('authorized' → 'Card held'); a PayPal hold says so. */
export function paymentStatusLabel(status: string, method?: string | null): string {
  if (status === 'authorized' && method === 'paypal') return 'Held on PayPal';
  return PAYMENT_STATUS_LABEL[status as PaymentStatusValue] ?? status;
}

const BRAND: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** A card brand as people read it: 'visa' → 'Visa'; an unknown brand as given. */
export function cardBrandName(brand: string): string {
  return BRAND[brand.toLowerCase()] ?? brand;
}

export interface HeldPayment {
  status: string;
  method?: string | null;
  amount: string;
  /** What was finally charged, once captured. */
  capturedAmount?: string;
  cardBrand?: string | null;
  cardLast4?: string | null;
}

/**
 * What happened, in a sentence: 'J$ 12,600 is held on your Visa •••• 4242; you are charged after the
 * visit.' (null for statuses with nothing held).
 */
export function paymentOutcome(p: HeldPayment): string | null {
  const amount = formatJmd(Math.round(Number(p.amount) * 100));
  if (p.status === 'authorized') {
    if (p.method === 'paypal' || p.cardBrand === 'paypal')
      return `${amount} is held on your PayPal account; you are charged after the visit.`;
    const brand = p.cardBrand ? cardBrandName(p.cardBrand) : 'card';
    const card = p.cardLast4 ? `${brand} •••• ${p.cardLast4}` : brand;
    return `${amount} is held on your ${card}; you are charged after the visit.`;
  }
  if (p.status === 'received') return `We hold your ${amount} transfer until the visit is completed.`;
  if (p.status === 'captured') {
    // A visit charged for its actual time (ADR 0032) may cost less than the hold.
    const charged = p.capturedAmount ? formatJmd(Math.round(Number(p.capturedAmount) * 100)) : amount;
    return `${charged} was charged after the visit.`;
  }
  return null;
}
