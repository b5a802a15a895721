import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  accountDeletions,
  planChargeRefunds,
  subscriptionCharges,
  subscriptions,
  users,
} from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;
export type NewCharge = typeof subscriptionCharges.$inferInsert;
export type RefundRow = typeof planChargeRefunds.$inferSelect;
export type NewRefund = typeof planChargeRefunds.$inferInsert;

const LIVE = ['active', 'past_due'] as const;

/** Subscriptions and their charges (ADR 0037). */
export const planRepo = {
  /** The privacy export: every subscription and plan charge of the user, oldest first. */
  async history(tx: Tx, userId: number) {
    const subs = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
    const charges = await tx
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, userId))
      .orderBy(asc(subscriptionCharges.createdAt), asc(subscriptionCharges.id));
    return { subs, charges };
  },

  /** The user's live (active or past due) subscription, locked when `lock`. */
  async live(tx: Tx, userId: number, lock = false): Promise<SubscriptionRow | undefined> {
    const q = tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE])));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async lockById(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    return row;
  },

  /** Serialises a user's subscription changes (two tabs subscribing at once). */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  async insert(tx: Tx, row: NewSubscription): Promise<SubscriptionRow> {
    const [inserted] = await tx.insert(subscriptions).values(row).returning();
    return inserted;
  },

  async update(tx: Tx, id: number, patch: Partial<NewSubscription>): Promise<SubscriptionRow> {
    const [row] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
    return row;
  },

  /**
   * How many charges of `kind` were tried before for an intent (ADR 0042): the `attempt` of its provider
   * key. `subscriptionId` and `periodEnd` narrow it to one subscription's period (upgrades); without them,
   * every such charge of the user counts (first charges: each declined try, each earlier subscription).
   */
  async attempts(
    tx: Tx,
    where: {
      userId: number;
      kind: ChargeRow['kind'];
      subscriptionId?: number;
      periodEnd?: Date;
      declinedOnly?: boolean;
    },
  ): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionCharges)
      .where(
        and(
          eq(subscriptionCharges.userId, where.userId),
          eq(subscriptionCharges.kind, where.kind),
          where.subscriptionId === undefined
            ? undefined
            : eq(subscriptionCharges.subscriptionId, where.subscriptionId),
          where.periodEnd === undefined ? undefined : eq(subscriptionCharges.periodEnd, where.periodEnd),
          where.declinedOnly ? eq(subscriptionCharges.status, 'declined') : undefined,
        ),
      );
    return Number(row?.n ?? 0);
  },

  /** A charge, its row locked for the transaction (a refund decides on it). */
  async lockCharge(tx: Tx, id: number): Promise<ChargeRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.id, id))
      .for('update');
    return row;
  },

  async findCharge(tx: Tx, id: number): Promise<ChargeRow | undefined> {
    const [row] = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, id));
    return row;
  },

  async setRefunded(tx: Tx, id: number, refundedAmount: string): Promise<ChargeRow> {
    const [row] = await tx
      .update(subscriptionCharges)
      .set({ refundedAmount })
      .where(eq(subscriptionCharges.id, id))
      .returning();
    return row;
  },

  async refundByKey(tx: Tx, chargeId: number, key: string): Promise<RefundRow | undefined> {
    const [row] = await tx
      .select()
      .from(planChargeRefunds)
      .where(and(eq(planChargeRefunds.chargeId, chargeId), eq(planChargeRefunds.idempotencyKey, key)));
    return row;
  },

  async insertRefund(tx: Tx, row: NewRefund): Promise<RefundRow> {
    const [inserted] = await tx.insert(planChargeRefunds).values(row).returning();
    return inserted;
  },

  /** The refunds of some charges (by charge ids) or of a user (every charge of theirs), oldest first. */
  async refundsOf(tx: Tx, where: { chargeIds?: number[]; userId?: number }): Promise<RefundRow[]> {
    if (where.chargeIds && where.chargeIds.length === 0) return [];
    return tx
      .select()
      .from(planChargeRefunds)
      .where(
        and(
          where.chargeIds ? inArray(planChargeRefunds.chargeId, where.chargeIds) : undefined,
          where.userId === undefined ? undefined : eq(planChargeRefunds.userId, where.userId),
        ),
      )
      .orderBy(asc(planChargeRefunds.createdAt), asc(planChargeRefunds.id));
  },

  /** The user's charges, newest first (the billing history). */
  async charges(tx: Tx, userId: number, limit = 100): Promise<ChargeRow[]> {
    return tx
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, userId))
      .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.id))
      .limit(limit);
  },

  async insertCharge(tx: Tx, row: NewCharge): Promise<ChargeRow> {
    const [inserted] = await tx.insert(subscriptionCharges).values(row).returning();
    return inserted;
  },

  /** Whether the user deleted their account (ADR 0037: such a plan ends without a charge or a notice). */
  async accountDeleted(tx: Tx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ userId: accountDeletions.userId })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId));
    return !!row;
  },

  async contact(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ email: users.email, firstName: users.firstName, userType: users.userType })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /**
   * The ids the renewal job has work on at `at`: a renewal notice due, a period ended, or a retry due.
   * Each is checked again under its lock.
   */
  async dueIds(tx: Tx, at: Date, noticeBefore: Date): Promise<number[]> {
    const rows = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        or(
          and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, noticeBefore)),
          and(
            eq(subscriptions.status, 'past_due'),
            isNotNull(subscriptions.nextRetryAt),
            lte(subscriptions.nextRetryAt, at),
          ),
        ),
      )
      .orderBy(subscriptions.id);
    return rows.map((r) => r.id);
  },

  /** The admins' summary: live subscribers per plan, past due, failed renewals since, refunds. */
  async summary(tx: Tx, since: Date) {
    const perPlan = await tx
      .select({
        plan: subscriptions.plan,
        status: subscriptions.status,
        cancelling: subscriptions.cancelAtPeriodEnd,
        nextPlan: sql<'family' | 'premium'>`coalesce(${subscriptions.pendingPlan}, ${subscriptions.plan})`,
        n: sql<number>`count(*)::int`,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.status, [...LIVE]))
      .groupBy(
        subscriptions.plan,
        subscriptions.status,
        subscriptions.cancelAtPeriodEnd,
        sql`coalesce(${subscriptions.pendingPlan}, ${subscriptions.plan})`,
      );
    const [failed] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionCharges)
      .where(
        and(
          eq(subscriptionCharges.kind, 'renewal'),
          eq(subscriptionCharges.status, 'declined'),
          gte(subscriptionCharges.createdAt, since),
        ),
      );
    const [refunds] = await tx
      .select({
        n: sql<number>`count(*) filter (where ${subscriptionCharges.refundedAmount} > 0)::int`,
        amount: sql<string>`coalesce(sum(${subscriptionCharges.refundedAmount}), 0)::text`,
      })
      .from(subscriptionCharges);
    return {
      perPlan: perPlan.map((r) => ({ ...r, n: Number(r.n) })),
      failedRenewals: Number(failed?.n ?? 0),
      refunds: { count: Number(refunds?.n ?? 0), amount: refunds?.amount ?? '0' },
    };
  },
};
