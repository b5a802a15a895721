import { and, eq } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../shared/money';
import { type PaidPlanId, planOf } from '../../shared/pricing';
import { writeSandboxOperations } from '../adapters/payments-record';
import { ledger } from '../core/ledger/service';
import type { Tx } from '../db/client';
import { savedPaymentMethods, subscriptionCharges, subscriptions, users } from '../db/schema';
import { anniversary } from '../features/plans';

const DAY = 86_400_000;

/**
 * One family subscriber per paid plan (issue 21): Marcus Chin on the Family Plan and Kerry Thompson on
 * Premium, each with a saved demo card, the first month paid (in the ledger) and a renewal weeks away.
 * The demo family (family@yaadcare.jm, used by the browser tests) stays on Basic. The demo cards cannot
 * be charged by the sandbox: a demo left running past a renewal shows a refused renewal and its retries.
 */
export async function seedDemoPlans(tx: Tx, now: Date): Promise<number> {
  const subscribers: { first: string; last: string; plan: PaidPlanId; startedDaysAgo: number }[] = [
    { first: 'Marcus', last: 'Chin', plan: 'family', startedDaysAgo: 12 },
    { first: 'Kerry', last: 'Thompson', plan: 'premium', startedDaysAgo: 5 },
  ];
  let n = 0;
  for (const s of subscribers) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.firstName, s.first), eq(users.lastName, s.last), eq(users.userType, 'family')));
    if (!user) continue;
    const start = new Date(now.getTime() - s.startedDaysAgo * DAY);
    const end = anniversary(start, 1);
    const [card] = await tx
      .insert(savedPaymentMethods)
      .values({
        userId: user.id,
        providerRef: `pm_sbx_demo_plan_${user.id}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2035,
        isDefault: true,
        createdAt: start,
      })
      .returning({ id: savedPaymentMethods.id });
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        userId: user.id,
        plan: s.plan,
        status: 'active',
        anchorAt: start,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        savedCardId: card.id,
        createdAt: start,
      })
      .returning({ id: subscriptions.id });
    const cents = toCents(planOf(s.plan).monthlyJmd);
    const txnId = await ledger.post(tx, {
      at: start,
      lines: [
        { account: 'family_source', kind: 'subscription', amount: -cents, familyId: user.id },
        { account: 'platform_revenue', kind: 'subscription', amount: cents, familyId: user.id },
      ],
    });
    await tx.insert(subscriptionCharges).values({
      subscriptionId: sub.id,
      userId: user.id,
      plan: s.plan,
      kind: 'first',
      status: 'paid',
      amount: centsToDecimal(cents),
      providerRef: `sbx_demo_plan_${sub.id}`,
      ledgerTxnId: txnId,
      periodStart: start,
      periodEnd: end,
      createdAt: start,
    });
    // The sandbox provider's record of the charge (authorize, then capture: chargeCard's keys, ADR 0041).
    const charge = { providerRef: `sbx_demo_plan_${sub.id}`, amountCents: cents, ok: true, at: start };
    await writeSandboxOperations(tx, [
      {
        ...charge,
        kind: 'authorize',
        idempotencyKey: `plan-demo-${sub.id}`,
        outcome: { ok: true, providerRef: charge.providerRef, brand: 'visa', last4: '4242' },
      },
      { ...charge, kind: 'capture', idempotencyKey: `plan-demo-${sub.id}:capture` },
    ]);
    n++;
  }
  return n;
}
