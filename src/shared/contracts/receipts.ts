import { z } from './zod';

/**
 * Receipts (issue 34, ADR 0055): every charge, tip, plan charge, refund and payout has one, numbered from
 * what it records: YC-C (a booking's charge, by payment id), YC-T (a tip), YC-P (a plan charge), YC-R (a
 * refund, by its ledger entry), YC-O (a payout), then the id padded to six digits.
 */
export const RECEIPT_KINDS = ['charge', 'tip', 'plan', 'refund', 'payout'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_PREFIX: Record<ReceiptKind, string> = {
  charge: 'C',
  tip: 'T',
  plan: 'P',
  refund: 'R',
  payout: 'O',
};

export const RECEIPT_NUMBER = /^YC-([CTPRO])-(\d{6,10})$/;

/** 'YC-C-000042' for the charge of payment 42. */
export function receiptNumber(kind: ReceiptKind, id: number): string {
  return `YC-${RECEIPT_PREFIX[kind]}-${String(id).padStart(6, '0')}`;
}

/** The kind and id a receipt number stands for, or undefined when it is no receipt number. */
export function parseReceiptNumber(number: string): { kind: ReceiptKind; id: number } | undefined {
  const m = RECEIPT_NUMBER.exec(number);
  if (!m) return undefined;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const kind = RECEIPT_KINDS.find((k) => RECEIPT_PREFIX[k] === m[1]);
  return kind ? { kind, id } : undefined;
}

export const ReceiptNumberParam = z.object({
  number: z
    .string()
    .max(20, 'A receipt number looks like YC-C-000042')
    .regex(RECEIPT_NUMBER, 'A receipt number looks like YC-C-000042'),
});

/** Rows a page of GET /api/receipts holds. */
export const RECEIPTS_PAGE_SIZE = 20;

export const ReceiptListQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be a whole number from 1 to 10000')
    .default(1),
});
export type ReceiptListQuery = z.input<typeof ReceiptListQuery>;

export const ReceiptSummary = z.object({
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  title: z.string(),
  /** When the money moved (ISO). */
  issuedAt: z.string(),
  /** '28 Nov 2026' in Jamaica. */
  dateText: z.string(),
  /** Integer cents, JMD; a refund is positive (money back). */
  amountCents: z.number().int(),
  /** 'J$ 3,360.00' */
  amountText: z.string(),
  /** 'Andrea Clarke, 3 Nov 2026' or 'Family Plan' or 'NCB ••1234'. */
  detail: z.string(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;

export const ReceiptList = z.object({
  receipts: z.array(ReceiptSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReceiptList = z.infer<typeof ReceiptList>;

export const ReceiptRow = z.object({ label: z.string(), value: z.string() });

export const ReceiptView = ReceiptSummary.extend({
  /**
   * Who reads it: the payer (and admins) see the card's brand and last four; a circle's payer or coordinator
   * reading another payer's receipt does not; the caregiver sees their earning, never the family's card.
   */
  side: z.enum(['payer', 'circle', 'caregiver', 'admin']),
  /** '28 Nov 2026, 2:05 PM (Jamaica time)' */
  issuedText: z.string(),
  /** Our fee within the amount (cents), when there is one. */
  platformFeeCents: z.number().int().nullable(),
  /** 'Visa ending 4242', 'Bank transfer'; null for the caregiver's view and for payouts. */
  paidWith: z.string().nullable(),
  caregiverName: z.string().nullable(),
  payerName: z.string().nullable(),
  bookingId: z.number().int().nullable(),
  /** For a payer abroad: '≈ C$29.58 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 3,360'. */
  estimate: z.object({ currency: z.string(), text: z.string(), rateDate: z.string() }).nullable(),
  /** Everything the receipt states, in order: the HTML page and the PDF both write these. */
  rows: z.array(ReceiptRow),
  /** A payout's items: what it paid for (id: the ledger line's). */
  items: z.array(ReceiptRow.extend({ id: z.number().int() })),
});
export type ReceiptView = z.infer<typeof ReceiptView>;
