import { clock12, EARNINGS_HOLD_HOURS } from '../../../shared/booking-rules';
import type { ReceiptSummary, ReceiptView } from '../../../shared/contracts/receipts';
import {
  CURRENCY_SYMBOL,
  estimateInCurrency,
  type FxCurrency,
  type FxRate,
  formatRate,
  formatRateDate,
  isFxCurrency,
} from '../../../shared/fx';
import { groupDigits, toCents } from '../../../shared/money';
import { PLANS } from '../../../shared/pricing';
import { TIME_ZONE } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { type ReceiptIndexRow, receiptRepo } from './repo';

/** Who reads a receipt: the payer (card shown), a circle's payer or coordinator, the caregiver, an admin. */
export type ReceiptSide = ReceiptView['side'];

/** 'J$ 3,360.00': a receipt writes the cents too (screens write whole J$, formatJmd). */
export function receiptJmd(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}J$ ${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
/** '28 Nov 2026' in Jamaica. */
export const jamaicaDay = (at: Date) => dayFormat.format(at);
/** '28 Nov 2026, 2:05 PM (Jamaica time)'. */
export const jamaicaMoment = (at: Date) => `${dayFormat.format(at)}, ${timeFormat.format(at)} (Jamaica time)`;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  keycard: 'Keycard',
};
const METHODS: Record<string, string> = {
  bank: 'Bank transfer',
  zelle: 'Zelle',
  cashapp: 'Cash App',
  paypal: 'PayPal',
  digital: 'Digital wallet',
};

/** 'Visa ending 4242', 'Bank transfer'. */
export function paidWith(method: string | null, brand: string | null, last4: string | null): string {
  if (method && method !== 'card') return METHODS[method] ?? method;
  const name = brand ? (BRANDS[brand.toLowerCase()] ?? brand) : 'Card';
  return last4 ? `${name} ending ${last4}` : name;
}

const TITLES: Record<ReceiptIndexRow['kind'], string> = {
  charge: 'Payment for a visit',
  tip: 'Tip',
  plan: 'Plan charge',
  refund: 'Refund',
  payout: 'Payout',
};

const planName = (plan: string | null) => PLANS.find((p) => p.id === plan)?.name ?? plan ?? 'Plan';

/** The list line of a receipt. */
export function summaryOf(r: ReceiptIndexRow): ReceiptSummary {
  const cents = toCents(r.amount);
  const visit = r.visitDate ? formatRateDate(r.visitDate) : null;
  const detail =
    r.kind === 'plan'
      ? planName(r.plan)
      : r.kind === 'payout'
        ? `${r.bankName ?? 'Bank'}${r.accountLast4 ? ` account ending ${r.accountLast4}` : ''}`
        : [r.caregiverName, visit && `visit of ${visit}`].filter(Boolean).join(', ') || 'YaadCare';
  return {
    number: r.number,
    kind: r.kind,
    title: TITLES[r.kind],
    issuedAt: r.at.toISOString(),
    dateText: jamaicaDay(r.at),
    amountCents: cents,
    amountText: receiptJmd(cents),
    detail,
  };
}

/** For a reader abroad: the amount in their currency at the latest rate kept, with the rate's date. */
function estimateFor(cents: number, currency: string | undefined, rates: Map<FxCurrency, FxRate>) {
  if (!currency || !isFxCurrency(currency)) return null;
  const rate = rates.get(currency);
  if (!rate) return null;
  const e = estimateInCurrency(cents, rate);
  return {
    currency,
    rateDate: rate.rateDate,
    text: `about ${e.amountText} at ${formatRate(rate.jmdPerUnit)} per ${CURRENCY_SYMBOL[currency]} on ${formatRateDate(rate.rateDate)} (an estimate: the amount is in J$)`,
  };
}

const visitText = (v: { date: string; start_time: string; end_time: string; duration: number }) =>
  `${formatRateDate(v.date)}, ${clock12(v.start_time)} – ${clock12(v.end_time)} (Jamaica time), ${v.duration} ${v.duration === 1 ? 'hour' : 'hours'}`;

const EARNING_KINDS: Record<string, string> = {
  caregiver_earning: 'Visit',
  tip: 'Tip',
  late_cancellation_fee: 'Late-cancellation fee',
};

/**
 * The receipt as `side` reads it: the rows the page and the PDF write, in order. The family side sees how it
 * paid (the card's brand and last four only to the payer and admins); the caregiver side sees their earning
 * and never the family's card; a reader abroad (`currency`) an estimate.
 */
export async function composeReceipt(
  tx: Tx,
  r: ReceiptIndexRow,
  side: ReceiptSide,
  reader: { currency?: string },
  rates: Map<FxCurrency, FxRate>,
): Promise<ReceiptView> {
  const s = summaryOf(r);
  const cents = s.amountCents;
  const rows: { label: string; value: string }[] = [
    { label: 'Receipt number', value: r.number },
    { label: 'Date', value: jamaicaMoment(r.at) },
  ];
  const items: { id: number; label: string; value: string }[] = [];
  const showCard = side === 'payer' || side === 'admin';
  let fee: number | null = null;
  let paid: string | null = null;
  const payer = r.payerId !== null ? await receiptRepo.person(tx, r.payerId) : undefined;
  const payerName = payer ? `${payer.first_name} ${payer.last_name}` : null;

  if (r.kind === 'charge') {
    const d = await receiptRepo.chargeDetails(tx, r.sourceId);
    fee = d ? toCents(d.fee) : 0;
    paid = d ? paidWith(d.method, d.card_brand, d.card_last4) : null;
    rows.push({ label: 'Caregiver', value: r.caregiverName ?? '' });
    if (d) rows.push({ label: 'Visit', value: visitText(d) });
    rows.push({ label: 'Amount charged', value: receiptJmd(cents) });
    rows.push({ label: 'YaadCare service fee (included)', value: receiptJmd(fee) });
    if (side === 'caregiver') rows.push({ label: 'Your earning', value: receiptJmd(cents - fee) });
    if (d && toCents(d.refunded) > 0)
      rows.push({
        label: 'Given back of what was paid',
        value: `${receiptJmd(toCents(d.refunded))} (see the refund receipt)`,
      });
  } else if (r.kind === 'tip') {
    const d = await receiptRepo.tipDetails(tx, r.sourceId);
    fee = 0;
    paid = d ? paidWith('card', d.card_brand, d.card_last4) : null;
    rows.push({ label: 'Caregiver', value: r.caregiverName ?? '' });
    if (d) rows.push({ label: 'Visit', value: visitText(d) });
    rows.push({ label: 'Tip', value: receiptJmd(cents) });
    rows.push({
      label: 'YaadCare service fee',
      value: `${receiptJmd(0)} (all of a tip goes to the caregiver)`,
    });
  } else if (r.kind === 'refund') {
    const d = await receiptRepo.refundDetails(tx, r.sourceId);
    paid = d ? paidWith(d.method ?? 'card', d.card_brand, d.card_last4) : null;
    if (r.caregiverName) rows.push({ label: 'Caregiver', value: r.caregiverName });
    if (d?.date && d.start_time && d.end_time && d.duration !== null)
      rows.push({
        label: 'Visit',
        value: visitText({
          date: d.date,
          start_time: d.start_time,
          end_time: d.end_time,
          duration: d.duration,
        }),
      });
    rows.push({ label: 'Amount refunded', value: receiptJmd(cents) });
    if (d?.payment_id) rows.push({ label: 'Payment refunded', value: `Payment ${d.payment_id}` });
  } else if (r.kind === 'plan') {
    const d = await receiptRepo.planDetails(tx, r.sourceId);
    fee = null;
    paid = d ? paidWith('card', d.brand, d.last4) : null;
    rows.push({ label: 'Plan', value: planName(r.plan) });
    if (d?.period_start && d.period_end)
      rows.push({
        label: 'Period',
        value: `${jamaicaDay(new Date(d.period_start))} – ${jamaicaDay(new Date(d.period_end))}`,
      });
    rows.push({ label: 'Amount charged', value: receiptJmd(cents) });
    if (d && toCents(d.refunded) > 0)
      rows.push({ label: 'Refunded', value: receiptJmd(toCents(d.refunded)) });
  } else {
    const d = await receiptRepo.payoutDetails(tx, r.sourceId, EARNINGS_HOLD_HOURS);
    rows.push({ label: 'Amount paid out', value: receiptJmd(cents) });
    rows.push({
      label: 'Paid to',
      value: `${r.bankName ?? 'Bank'}${r.accountLast4 ? `, account ending ${r.accountLast4}` : ''}`,
    });
    if (d) {
      rows.push({ label: 'Payout of Friday', value: formatRateDate(d.payoutDate) });
      rows.push({
        label: 'Period',
        value: d.previousAt
          ? `Earnings that became available after your payout of ${jamaicaDay(d.previousAt)}`
          : 'Earnings that became available up to this payout',
      });
      for (const it of d.items)
        items.push({
          id: Number(it.id),
          label: `${EARNING_KINDS[it.kind] ?? it.kind}${it.date ? ` of ${formatRateDate(it.date)}` : ''}`,
          value: receiptJmd(toCents(it.amount)),
        });
    }
  }

  if (r.kind !== 'payout' && payerName && side !== 'payer')
    rows.push({ label: r.kind === 'refund' ? 'Refund for' : 'Paid by', value: payerName });
  const paidWithShown = r.kind === 'payout' ? null : showCard ? paid : null;
  if (paidWithShown)
    rows.push({ label: r.kind === 'refund' ? 'Refunded to' : 'Paid with', value: paidWithShown });
  const estimate = side === 'payer' || side === 'circle' ? estimateFor(cents, reader.currency, rates) : null;
  if (estimate) rows.push({ label: `Estimate in ${estimate.currency}`, value: estimate.text });

  return {
    ...s,
    side,
    issuedText: jamaicaMoment(r.at),
    platformFeeCents: fee,
    paidWith: paidWithShown,
    caregiverName: r.caregiverName,
    payerName: r.kind === 'payout' ? null : payerName,
    bookingId: r.bookingId,
    estimate,
    rows,
    items,
  };
}
