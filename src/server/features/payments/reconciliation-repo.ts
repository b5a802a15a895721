import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SUPPORT_ACCOUNT_EMAIL } from '../../core/support-account';
import type { Tx } from '../../db/client';
import {
  bookings,
  ledgerEntries,
  payments,
  reconciliationMismatches,
  reconciliationRuns,
  subscriptionCharges,
  tips,
  users,
} from '../../db/schema';

export type MismatchRow = typeof reconciliationMismatches.$inferSelect;
export type NewMismatch = Omit<typeof reconciliationMismatches.$inferInsert, 'id' | 'state' | 'createdAt'>;

/** Money methods that go through the provider (transfers are matched by an admin). */
const PROVIDER_METHODS = ['card', 'paypal', 'digital'] as const;

/** Our side of reconciliation, and its runs and mismatches (ADR 0041). */
export const reconciliationRepo = {
  /** Provider-paid payments that moved money or hold it, with their booking's state. */
  async providerPayments(tx: Tx) {
    return tx
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        status: payments.status,
        amount: payments.amount,
        capturedAmount: payments.capturedAmount,
        providerRef: payments.providerRef,
        bookingStatus: bookings.status,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(inArray(payments.method, [...PROVIDER_METHODS]), sql`${payments.status} <> 'declined'`));
  },

  /** What the ledger took from each payment's family (minus what went back): −Σ family_source, cents. */
  async ledgerOutflowByPayment(tx: Tx): Promise<Map<number, number>> {
    const rows = await tx
      .select({
        paymentId: ledgerEntries.paymentId,
        cents: sql<string>`(-sum(${ledgerEntries.amount}) * 100)::bigint::text`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'family_source'), isNotNull(ledgerEntries.paymentId)))
      .groupBy(ledgerEntries.paymentId);
    return new Map(rows.map((r) => [r.paymentId as number, Number(r.cents)]));
  },

  /** Plan charges the provider took, with what their ledger transaction took from the family (cents). */
  async planCharges(tx: Tx) {
    return tx
      .select({
        id: subscriptionCharges.id,
        status: subscriptionCharges.status,
        amount: subscriptionCharges.amount,
        refundedAmount: subscriptionCharges.refundedAmount,
        providerRef: subscriptionCharges.providerRef,
        ledgerCents: sql<string>`coalesce((select (-sum(${ledgerEntries.amount}) * 100)::bigint from ${ledgerEntries}
          where ${ledgerEntries.txnId} = ${subscriptionCharges.ledgerTxnId}
            and ${ledgerEntries.account} = 'family_source'), 0)::text`,
      })
      .from(subscriptionCharges)
      .where(isNotNull(subscriptionCharges.providerRef));
  },

  /** Tips the provider took (ADR 0051), with what their ledger transaction took from the payer (cents). */
  async tips(tx: Tx) {
    return tx
      .select({
        id: tips.id,
        bookingId: tips.bookingId,
        amount: tips.amount,
        providerRef: tips.providerRef,
        ledgerCents: sql<string>`coalesce((select (-sum(${ledgerEntries.amount}) * 100)::bigint from ${ledgerEntries}
          where ${ledgerEntries.txnId} = ${tips.ledgerTxnId}
            and ${ledgerEntries.account} = 'family_source'), 0)::text`,
      })
      .from(tips);
  },

  async startRun(tx: Tx, at: Date) {
    const [run] = await tx.insert(reconciliationRuns).values({ startedAt: at }).returning();
    return run;
  },

  async finishRun(
    tx: Tx,
    id: number,
    values: { operations: number; found: number; newFound: number; at: Date },
  ) {
    await tx
      .update(reconciliationRuns)
      .set({
        operations: values.operations,
        found: values.found,
        newFound: values.newFound,
        finishedAt: values.at,
      })
      .where(eq(reconciliationRuns.id, id));
  },

  /** Stores the mismatches not stored before (by fingerprint); returns the new ones. */
  async insertNew(tx: Tx, rows: NewMismatch[]): Promise<MismatchRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(reconciliationMismatches).values(rows).onConflictDoNothing().returning();
  },

  async list(tx: Tx, state: 'open' | 'resolved' | 'all') {
    return tx
      .select({
        m: reconciliationMismatches,
        by: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(reconciliationMismatches)
      .leftJoin(users, eq(users.id, reconciliationMismatches.resolvedBy))
      .where(state === 'all' ? undefined : eq(reconciliationMismatches.state, state))
      .orderBy(desc(reconciliationMismatches.detectedAt), desc(reconciliationMismatches.id))
      .limit(500);
  },

  async one(tx: Tx, id: number) {
    const [row] = await tx
      .select({
        m: reconciliationMismatches,
        by: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(reconciliationMismatches)
      .leftJoin(users, eq(users.id, reconciliationMismatches.resolvedBy))
      .where(eq(reconciliationMismatches.id, id));
    return row;
  },

  async countOpen(tx: Tx): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.state, 'open'));
    return row?.n ?? 0;
  },

  async runs(tx: Tx) {
    return tx
      .select()
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
      .limit(30);
  },

  async lock(tx: Tx, id: number) {
    const [row] = await tx
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.id, id))
      .for('update');
    return row;
  },

  async resolve(tx: Tx, id: number, by: number, note: string, at: Date) {
    await tx
      .update(reconciliationMismatches)
      .set({ state: 'resolved', resolvedBy: by, resolvedAt: at, note })
      .where(eq(reconciliationMismatches.id, id));
  },

  /** The admins an alert goes to (not the support account, which is no person). */
  async admins(tx: Tx) {
    return tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.userType, 'admin'), sql`lower(${users.email}) <> ${SUPPORT_ACCOUNT_EMAIL}`));
  },
};
