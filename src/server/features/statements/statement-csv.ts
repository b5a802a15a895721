import type { StatementView } from '../../../shared/contracts/statements';
import { type CsvCell, toCsv } from '../../../shared/csv';

export const STATEMENT_CSV_HEADER = [
  'Date',
  'Time (Jamaica)',
  'Caregiver',
  'Hours',
  'Rate (JMD per hour)',
  'Subtotal (JMD)',
  'Service fee (JMD)',
  'Total (JMD)',
  'Status',
  'Payment',
] as const;

/**
 * The statement as a spreadsheet, through the one CSV writer (RFC 4180; a cell starting with = + - @ gets a
 * leading '): one row per visit, a totals row in the same columns, then what the figures mean, the
 * estimates and what is counted. Amounts are plain numbers in JMD so a spreadsheet can add them up. The
 * file starts with a byte-order mark: Excel reads UTF-8 (≈, —, £, €) only with one.
 */
export function statementCsv(s: StatementView): string {
  const rows: CsvCell[][] = s.lines.map((l) => [
    l.date,
    l.time,
    l.caregiver,
    l.hours,
    l.hourlyRate,
    l.subtotal,
    l.serviceFee,
    l.total,
    l.statusLabel,
    l.paymentStatus,
  ]);
  const t = s.totals;
  rows.push([
    'Total',
    `${t.visits} ${t.visits === 1 ? 'visit' : 'visits'}`,
    '',
    t.hours,
    '',
    t.subtotal,
    t.serviceFee,
    t.total,
    '',
    '',
  ]);
  rows.push([]);
  rows.push(['Statement', `${s.circleName}: care for ${s.recipientFirstName}, ${s.monthLabel}`]);
  rows.push([
    'Of the total',
    `completed ${t.completed}; late-cancellation fees ${t.lateCancellationFees}; still to come or complete ${t.notYetCompleted} (JMD)`,
  ]);
  for (const e of s.estimates) rows.push([`Estimate in ${e.currency}`, e.text]);
  for (const c of s.missingRates)
    rows.push([`Estimate in ${c}`, 'No exchange rate is kept for this currency yet.']);
  rows.push(['Counted', s.counts]);
  rows.push(['Generated', s.generatedAt]);
  return `\uFEFF${toCsv(STATEMENT_CSV_HEADER, rows)}`;
}
