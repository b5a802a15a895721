import { Id } from './common';
import { z } from './zod';

/** Rows a page of GET /api/admin/payments holds. */
export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

export const AdminPaymentsQuery = z.object({
  bookingId: Id('bookingId').optional(),
  /** A family (their payments) or a caregiver's user id (payments for their bookings, and their payouts). */
  userId: Id('userId').optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000)
    .default(1),
});
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuery>;

export const AdminLedgerEntry = z.object({
  id: z.number().int(),
  txnId: z.string(),
  /** family_source · booking_hold · family_receivable · platform_revenue · caregiver_payable · payout_sent */
  account: z.string(),
  /** authorization · transfer_received · void · capture · platform_fee · caregiver_earning · refund · payout · … */
  kind: z.string(),
  /** JMD, signed (positive increases the account), e.g. "-3150.00". */
  amount: z.string(),
  createdAt: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntry>;

const Party = z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable();

/**
 * One money record: a payment (a card hold, a transfer; its capture and refunds are on it and in its
 * ledger entries) or a caregiver's payout. Amounts in JMD as decimal strings.
 */
export const AdminMoneyItem = z.object({
  /** subscription: a plan's monthly, first or upgrade charge (ADR 0037), `reference` names the plan. */
  kind: z.enum(['payment', 'payout', 'subscription']),
  id: z.number().int(),
  createdAt: z.string(),
  /** payment: declined · awaiting_transfer · authorized · received · captured · voided · refunded · …; payout: paid */
  status: z.string(),
  amount: z.string(),
  capturedAmount: z.string().nullable(),
  refundedAmount: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  bookingId: z.number().int().nullable(),
  payoutDate: z.string().nullable(),
  family: Party,
  caregiver: Party,
  ledger: z.array(AdminLedgerEntry),
});
export type AdminMoneyItem = z.infer<typeof AdminMoneyItem>;

export const AdminPaymentsResponse = z.object({
  items: z.array(AdminMoneyItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponse>;
