import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPaymentsResponse,
} from '../../../shared/contracts/admin-payments';
import { ledger } from '../../core/ledger/service';
import type { Db } from '../../db/client';
import { adminMoneyRepo, type MoneyRow } from './admin-repo';

const party = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { userId: id, firstName: firstName ?? '', lastName: lastName ?? '' };
const iso = (d: Date | string) => new Date(d).toISOString();
/** A uuid[] column: an array from node-postgres, a '{…}' literal from some drivers. */
const txnIdsOf = (v: string[] | string | null): string[] =>
  v === null
    ? []
    : Array.isArray(v)
      ? v
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

/** Admins' payments view: holds, transfers, captures, refunds and payouts, each with its ledger entries. */
export async function listAdminMoney(
  db: Db,
  query: { bookingId?: number; userId?: number; page: number },
): Promise<AdminPaymentsResponse> {
  const pageSize = ADMIN_PAYMENTS_PAGE_SIZE;
  const { rows, total } = await adminMoneyRepo.page(db, {
    bookingId: query.bookingId,
    userId: query.userId,
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
  });
  const idsOf = (kind: MoneyRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
  const entries = await ledger.entriesFor(db, {
    paymentIds: idsOf('payment'),
    payoutIds: idsOf('payout'),
    txnIds: rows.flatMap((r) => [
      ...(r.ledger_txn_id ? [r.ledger_txn_id] : []),
      ...txnIdsOf(r.refund_txn_ids),
    ]),
  });
  // Which payments and payouts each ledger transaction touches: an item shows its transactions whole.
  const touches = new Map<string, Set<string>>();
  for (const e of entries) {
    const set = touches.get(e.txnId) ?? new Set<string>();
    if (e.paymentId !== null) set.add(`payment:${e.paymentId}`);
    if (e.payoutId !== null) set.add(`payout:${e.payoutId}`);
    touches.set(e.txnId, set);
  }
  return {
    page: query.page,
    pageSize,
    total,
    items: rows.map((r) => {
      const id = Number(r.id);
      return {
        kind: r.kind,
        id,
        createdAt: iso(r.created_at),
        status: r.status,
        amount: r.amount,
        capturedAmount: r.captured_amount,
        refundedAmount: r.refunded_amount,
        method: r.method,
        reference: r.reference,
        bookingId: r.booking_id === null ? null : Number(r.booking_id),
        payoutDate: r.payout_date,
        family: party(r.family_id === null ? null : Number(r.family_id), r.family_first, r.family_last),
        caregiver: party(
          r.caregiver_user_id === null ? null : Number(r.caregiver_user_id),
          r.caregiver_first,
          r.caregiver_last,
        ),
        ledger: entries
          .filter((e) =>
            r.kind === 'subscription'
              ? e.txnId === r.ledger_txn_id || txnIdsOf(r.refund_txn_ids).includes(e.txnId)
              : touches.get(e.txnId)?.has(`${r.kind}:${id}`),
          )
          .map((e) => ({
            id: e.id,
            txnId: e.txnId,
            account: e.account,
            kind: e.kind,
            amount: e.amount,
            createdAt: e.createdAt.toISOString(),
          })),
      };
    }),
  };
}
