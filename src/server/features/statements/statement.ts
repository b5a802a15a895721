import { clock12 } from '../../../shared/booking-rules';
import { STATEMENT_COUNTS, type StatementView } from '../../../shared/contracts/statements';
import { estimateInCurrency, type FxCurrency, type FxRate } from '../../../shared/fx';
import { type Cents, centsToDecimal } from '../../../shared/money';
import { paymentStatusLabel } from '../../../shared/payment-status';
import { monthLabel } from '../../../shared/time';
import type { CircleStatementRow } from '../bookings';

const STATUS_LABEL: Record<string, string> = {
  pending: 'Requested (caregiver to answer)',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled late (fee charged)',
};

export interface StatementInput {
  circle: { id: number; name: string; recipientFirstName: string };
  /** yyyy-MM, a Jamaica calendar month. */
  month: string;
  rows: readonly CircleStatementRow[];
  rates: ReadonlyMap<FxCurrency, FxRate>;
  /** The currencies to estimate the total in, the reader's first. */
  currencies: readonly FxCurrency[];
  generatedAt: Date;
}

/** What a line is charged: a late cancellation's fee only (no service fee); otherwise the booking's price. */
function charged(r: CircleStatementRow): { subtotal: Cents; fee: Cents; total: Cents } {
  if (r.status === 'cancelled') {
    return { subtotal: r.lateCancellationFee, fee: 0, total: r.lateCancellationFee };
  }
  return { subtotal: r.subtotal, fee: r.platformFee, total: r.total };
}

/**
 * A circle's statement for a month, from its counted bookings (see STATEMENT_COUNTS): every line in Jamaica
 * time, the totals, and the total estimated in the given currencies at the admins' rates. Pure: the CSV,
 * the JSON answer and the monthly e-mail are all written from it.
 */
export function buildStatement(input: StatementInput): StatementView {
  let subtotal = 0;
  let fee = 0;
  let total = 0;
  let hours = 0;
  const part = { completed: 0, lateCancellationFees: 0, notYetCompleted: 0 };
  const lines = input.rows.map((r) => {
    const c = charged(r);
    subtotal += c.subtotal;
    fee += c.fee;
    total += c.total;
    if (r.status === 'completed') part.completed += c.total;
    else if (r.status === 'cancelled') part.lateCancellationFees += c.total;
    else part.notYetCompleted += c.total;
    if (r.status !== 'cancelled') hours += r.hours;
    return {
      bookingId: r.bookingId,
      date: r.date,
      time: `${clock12(r.startTime)} – ${clock12(r.endTime)}`,
      caregiver: r.caregiverName,
      hours: r.hours,
      hourlyRate: centsToDecimal(r.hourlyRate),
      subtotal: centsToDecimal(c.subtotal),
      serviceFee: centsToDecimal(c.fee),
      total: centsToDecimal(c.total),
      status: r.status,
      statusLabel: STATUS_LABEL[r.status] ?? r.status,
      paymentStatus: r.paymentStatus ? paymentStatusLabel(r.paymentStatus, r.paymentMethod) : 'Not paid yet',
    };
  });
  const estimates = [];
  const missingRates: FxCurrency[] = [];
  for (const currency of new Set(input.currencies)) {
    const rate = input.rates.get(currency);
    if (!rate) {
      missingRates.push(currency);
      continue;
    }
    const e = estimateInCurrency(total, rate);
    estimates.push({
      currency,
      amount: centsToDecimal(e.amountMinor),
      jmdPerUnit: String(rate.jmdPerUnit),
      rateDate: rate.rateDate,
      text: e.text,
    });
  }
  return {
    circleId: input.circle.id,
    circleName: input.circle.name,
    recipientFirstName: input.circle.recipientFirstName,
    month: input.month,
    monthLabel: monthLabel(input.month),
    generatedAt: input.generatedAt.toISOString(),
    counts: STATEMENT_COUNTS,
    lines,
    totals: {
      visits: lines.length,
      hours,
      subtotal: centsToDecimal(subtotal),
      serviceFee: centsToDecimal(fee),
      total: centsToDecimal(total),
      completed: centsToDecimal(part.completed),
      lateCancellationFees: centsToDecimal(part.lateCancellationFees),
      notYetCompleted: centsToDecimal(part.notYetCompleted),
    },
    estimates,
    missingRates,
  };
}
