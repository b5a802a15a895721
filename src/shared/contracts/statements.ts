import { FX_CURRENCIES } from '../fx';
import { z } from './zod';

/** The formats a statement comes in (ADR 0026). */
export const STATEMENT_FORMATS = ['csv', 'pdf', 'json'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const StatementQuery = z.object({
  /** A Jamaica calendar month, not after the current one. */
  month: z
    .string({ error: 'Give the month as YYYY-MM, e.g. 2026-11' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM, e.g. 2026-11'),
  format: z.enum(STATEMENT_FORMATS, {
    error: 'Choose format=csv, format=pdf or format=json',
  }),
});
export type StatementQuery = z.input<typeof StatementQuery>;

/** What a statement counts, in words: shown on the statement itself, in every format. */
export const STATEMENT_COUNTS =
  'Counted: the circle’s bookings dated in this month (Jamaica time) that needed no approval or were approved, ' +
  'and were requested of the caregiver, confirmed, completed, or cancelled late with a fee (then only the fee). ' +
  'Bookings awaiting or refused approval, declined, expired or cancelled free of charge are not counted. ' +
  'Amounts are in Jamaican dollars; an estimate in another currency is for reading only.';

export const StatementLine = z.object({
  bookingId: z.number().int(),
  /** yyyy-MM-dd in Jamaica. */
  date: z.string(),
  /** '9:00 AM – 1:00 PM', Jamaica time. */
  time: z.string(),
  caregiver: z.string(),
  hours: z.number(),
  /** Decimal strings in JMD ('1500.00'). */
  hourlyRate: z.string(),
  subtotal: z.string(),
  serviceFee: z.string(),
  total: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  /** The payment's state in words ('Charged', 'Card held'), or 'Not paid yet'. */
  paymentStatus: z.string(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementEstimate = z.object({
  currency: z.enum(FX_CURRENCIES),
  /** The estimate as a decimal string in the currency ('159.65'). */
  amount: z.string(),
  jmdPerUnit: z.string(),
  rateDate: z.string(),
  /** '≈ C$221.83 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 25,200' */
  text: z.string(),
});

export const StatementView = z.object({
  circleId: z.number().int(),
  circleName: z.string(),
  recipientFirstName: z.string(),
  month: z.string(),
  monthLabel: z.string(),
  generatedAt: z.string(),
  counts: z.string(),
  lines: z.array(StatementLine),
  totals: z.object({
    visits: z.number().int(),
    /** Hours of the visits that were not cancelled. */
    hours: z.number(),
    subtotal: z.string(),
    serviceFee: z.string(),
    total: z.string(),
    /** Of the total: completed visits, late-cancellation fees, and visits still to come or to complete. */
    completed: z.string(),
    lateCancellationFees: z.string(),
    notYetCompleted: z.string(),
  }),
  /** The total in the reader's currency and the payers' currencies, each at the admin's rate and its date. */
  estimates: z.array(StatementEstimate),
  /** Currencies asked for that have no rate kept (no estimate shown). */
  missingRates: z.array(z.enum(FX_CURRENCIES)),
});
export type StatementView = z.infer<typeof StatementView>;
