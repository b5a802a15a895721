import { type CsvCell, toCsv } from '../../../shared/csv';
import { centsToDecimal } from '../../../shared/money';

/** One payee of a bank-transfer batch (ADR 0052). */
export interface BatchLine {
  payoutId: number;
  bankCode: string;
  branch: string;
  accountType: string;
  /** The full account number: the admin's batch file is the one place it appears. */
  accountNumber: string;
  accountHolder: string;
  amountCents: number;
}

export const BATCH_HEADER = [
  'record_type',
  'bank_code',
  'branch',
  'account_type',
  'account_number',
  'account_holder',
  'amount_jmd',
  'reference',
] as const;

const CONTROL_MODULUS = 100_000_000n;

/** The reference a payee's bank statement shows: `YC` + payout date + payout id, e.g. `YC20261127-42`. */
export const payoutReference = (payoutDate: string, payoutId: number) =>
  `YC${payoutDate.replaceAll('-', '')}-${payoutId}`;

/** The batch's own reference (its trailer): `YC20261127-F42`, after its first payout (each payout is in one batch). */
export const batchReference = (payoutDate: string, firstPayoutId: number) =>
  `YC${payoutDate.replaceAll('-', '')}-F${firstPayoutId}`;

/**
 * The control sum: the sum of the last 8 digits of every account number, modulo 10^8, as 8 digits (a hash
 * total in the manner of ACH files: a bank or an admin retyping a number changes it).
 */
export function controlSumOf(accountNumbers: readonly string[]): string {
  let sum = 0n;
  for (const n of accountNumbers) sum = (sum + BigInt(n.slice(-8) || '0')) % CONTROL_MODULUS;
  return sum.toString().padStart(8, '0');
}

export interface BatchFile {
  csv: string;
  lineCount: number;
  totalCents: number;
  controlSum: string;
}

/**
 * The CSV (src/shared/csv.ts): a header line, one `D` line per payee, and a `T` trailer whose bank_code
 * column holds the number of `D` lines, account_number the control sum, amount_jmd the total and
 * reference the batch's reference.
 */
export function buildBatchFile(
  payoutDate: string,
  batchReference: string,
  lines: readonly BatchLine[],
): BatchFile {
  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const controlSum = controlSumOf(lines.map((l) => l.accountNumber));
  const rows: CsvCell[][] = lines.map((l) => [
    'D',
    l.bankCode,
    l.branch,
    l.accountType,
    l.accountNumber,
    l.accountHolder,
    centsToDecimal(l.amountCents),
    payoutReference(payoutDate, l.payoutId),
  ]);
  rows.push(['T', lines.length, '', '', controlSum, '', centsToDecimal(totalCents), batchReference]);
  return { csv: toCsv(BATCH_HEADER, rows), lineCount: lines.length, totalCents, controlSum };
}
