import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { EARNINGS_HOLD_HOURS } from '../../../shared/contracts/bookings';
import { type Cents, centsToDecimal, toCents } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { type LedgerAccount, type LedgerKind, ledgerEntries } from '../../db/schema';

export interface LedgerLine {
  account: LedgerAccount;
  kind: LedgerKind;
  /** Signed cents: positive increases the account. */
  amount: Cents;
  caregiverId?: number | null;
  familyId?: number | null;
}

export interface LedgerPosting {
  bookingId?: number | null;
  paymentId?: number | null;
  payoutId?: number | null;
  /** When the movement happened (defaults to now); earnings become available 48 h after it. */
  at?: Date;
  lines: LedgerLine[];
}

export class UnbalancedLedgerError extends Error {}

export interface CaregiverEarnings {
  /** Earned at least 48 h ago and not yet paid out: what Friday's payout pays (cents). */
  available: Cents;
  /** Earned less than 48 h ago (cents). */
  pending: Cents;
  /** Paid out so far (cents). */
  paid: Cents;
  /** Everything ever earned: available + pending + paid (cents). */
  total: Cents;
}

export interface FamilySpending {
  /** Everything the family was charged and we kept (fees, caregiver pay, late fees), in cents. */
  total: Cents;
  /** The same since the given date (0 when no date was given). */
  since: Cents;
}

const EARNING_KINDS: LedgerKind[] = ['caregiver_earning', 'late_cancellation_fee'];
const SPENDING_KINDS: LedgerKind[] = ['platform_fee', 'caregiver_earning', 'late_cancellation_fee'];

/**
 * The double-entry ledger. Every posting is one transaction id whose lines sum to zero (checked here
 * and again by a deferred trigger at commit); entries are never changed. Balances are sums of entries.
 */
export const ledgerRepo = {
  async post(tx: Tx, posting: LedgerPosting): Promise<string> {
    const lines = posting.lines.filter((l) => l.amount !== 0);
    if (lines.length === 0) return '';
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    if (sum !== 0 || lines.some((l) => !Number.isInteger(l.amount))) {
      throw new UnbalancedLedgerError(`Ledger posting does not balance (sum ${sum})`);
    }
    const txnId = randomUUID();
    const at = posting.at ?? new Date();
    await tx.insert(ledgerEntries).values(
      lines.map((l) => ({
        txnId,
        account: l.account,
        kind: l.kind,
        amount: centsToDecimal(l.amount),
        bookingId: posting.bookingId ?? null,
        paymentId: posting.paymentId ?? null,
        payoutId: posting.payoutId ?? null,
        familyId: l.familyId ?? null,
        caregiverId: l.caregiverId ?? null,
        createdAt: at,
      })),
    );
    return txnId;
  },

  /** A caregiver's earnings, derived from the caregiver_payable account (for /earnings and dashboards). */
  async caregiverEarnings(tx: Tx, caregiverId: number, now: Date = new Date()): Promise<CaregiverEarnings> {
    const cutoff = new Date(now.getTime() - EARNINGS_HOLD_HOURS * 3_600_000);
    const [row] = await tx
      .select({
        matured: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0 and ${ledgerEntries.createdAt} <= ${cutoff}), 0)`,
        fresh: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0 and ${ledgerEntries.createdAt} > ${cutoff}), 0)`,
        paidOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.caregiverId, caregiverId), eq(ledgerEntries.account, 'caregiver_payable')));
    const matured = toCents(row?.matured ?? '0');
    const pending = toCents(row?.fresh ?? '0');
    const paid = toCents(row?.paidOut ?? '0');
    return { available: matured - paid, pending, paid, total: matured + pending };
  },

  /** What a family has spent (charged and kept), in total and since a date (dashboards). */
  async familySpending(tx: Tx, familyId: number, since?: Date): Promise<FamilySpending> {
    const [row] = await tx
      .select({
        total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
        since: since
          ? sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= ${since}), 0)`
          : sql<string>`0`,
      })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.familyId, familyId),
          inArray(ledgerEntries.kind, SPENDING_KINDS),
          inArray(ledgerEntries.account, ['platform_revenue', 'caregiver_payable']),
          gt(ledgerEntries.amount, '0'),
        ),
      );
    return { total: toCents(row?.total ?? '0'), since: toCents(row?.since ?? '0') };
  },

  /** The caregiver's earning and payout entries, newest first (the /earnings list). */
  async caregiverEntries(tx: Tx, caregiverId: number, limit = 500) {
    return tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.caregiverId, caregiverId), eq(ledgerEntries.account, 'caregiver_payable')))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit);
  },

  /**
   * Every entry of each ledger transaction touching these payments or payouts (so each one reads whole and
   * balances), in posting order: the admins' payments view.
   */
  async entriesFor(tx: Tx, ids: { paymentIds: number[]; payoutIds: number[]; txnIds?: string[] }) {
    const txnIds = ids.txnIds ?? [];
    if (ids.paymentIds.length === 0 && ids.payoutIds.length === 0 && txnIds.length === 0) return [];
    const touching = tx
      .select({ txnId: ledgerEntries.txnId })
      .from(ledgerEntries)
      .where(
        or(
          ids.paymentIds.length ? inArray(ledgerEntries.paymentId, ids.paymentIds) : undefined,
          ids.payoutIds.length ? inArray(ledgerEntries.payoutId, ids.payoutIds) : undefined,
          txnIds.length ? inArray(ledgerEntries.txnId, txnIds) : undefined,
        ),
      );
    return tx
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.txnId, touching))
      .orderBy(asc(ledgerEntries.id));
  },

  /** Sum of every entry (0 when the ledger balances) and of each account, for checks and tests. */
  async totals(tx: Tx) {
    const rows = await tx
      .select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.account);
    const byAccount = Object.fromEntries(rows.map((r) => [r.account, toCents(r.sum)])) as Partial<
      Record<LedgerAccount, Cents>
    >;
    const all = Object.values(byAccount).reduce((s, v) => s + (v ?? 0), 0);
    return { all, byAccount };
  },

  /** Each txn's sum (all must be 0). */
  async unbalancedTxns(tx: Tx): Promise<string[]> {
    const rows = await tx
      .select({ txnId: ledgerEntries.txnId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.txnId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    return rows.map((r) => r.txnId);
  },

  /** Earnings (credits) of a caregiver in a window, for reports. */
  async earnedBetween(tx: Tx, caregiverId: number, from: Date, to: Date): Promise<Cents> {
    const [row] = await tx
      .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.caregiverId, caregiverId),
          eq(ledgerEntries.account, 'caregiver_payable'),
          inArray(ledgerEntries.kind, EARNING_KINDS),
          gte(ledgerEntries.createdAt, from),
          lte(ledgerEntries.createdAt, to),
        ),
      );
    return toCents(row?.s ?? '0');
  },
};

/** The balance of one account for one booking (e.g. what a family still owes for it), in cents. */
export async function bookingAccountBalance(
  tx: Tx,
  bookingId: number,
  account: LedgerAccount,
): Promise<Cents> {
  const [row] = await tx
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, account)));
  return toCents(row?.s ?? '0');
}
