import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments';
import {
  ledgerEntries,
  mailOutbox,
  notifications,
  planChargeRefunds,
  subscriptionCharges,
} from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { plansOf } from './testing';

type Who = { headers: Record<string, string> };

describe.each(DB_KINDS)('admin refunds of plan charges on %s (ADR 0054)', (kind) => {
  const t = useTestApp(kind);
  const api = plansOf(() => t.app);

  const refund = (who: Who | undefined, id: number, body: unknown, key: string | null = 'rf-1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/plans/charges/${id}/refund`,
      headers: { ...(who?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });

  /** A Premium subscriber (J$ 1,999.00 charged) and an admin. */
  async function subscribed() {
    const family = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(family, 'premium')).statusCode).toBe(201);
    const [charge] = await t.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    const admin = await signedIn(t.db, { userType: 'admin' });
    return { family, admin, charge };
  }

  const refundCalls = () =>
    (t.app.payments as SandboxProvider).holds.get(
      [...(t.app.payments as SandboxProvider).holds.keys()].at(-1) as string,
    )?.refunded ?? 0;

  it('refunds a charge in full: the provider, the charge row, one balanced ledger transaction, the subscriber told', async () => {
    const { family, admin, charge } = await subscribed();
    const res = await refund(admin, charge.id, { reason: 'Charged twice by mistake' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      refund: { chargeId: charge.id, amount: '1999.00', reason: 'Charged twice by mistake' },
      charge: { id: charge.id, amount: '1999.00', refundedAmount: '1999.00', refundableAmount: '0.00' },
    });
    expect(res.body).not.toContain('sbx_');
    expect(refundCalls()).toBe(199_900);

    const [row] = await t.db
      .select()
      .from(planChargeRefunds)
      .where(eq(planChargeRefunds.chargeId, charge.id));
    const lines = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, row.ledgerTxnId!));
    expect(lines.map((l) => [l.account, l.kind, l.amount]).sort()).toEqual([
      ['family_source', 'refund', '1999.00'],
      ['platform_revenue', 'refund', '-1999.00'],
    ]);
    // The charge and its refund together leave the family's card where it started.
    const all = await t.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.txnId, [charge.ledgerTxnId!, row.ledgerTxnId!]));
    expect(all.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0)).toBe(0);
    expect(
      all
        .filter((l) => l.account === 'family_source')
        .reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0),
    ).toBe(0);

    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, family.user.id));
    expect(notices.find((n) => n.kind === 'plan.refunded')?.body).toContain('Charged twice by mistake');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.user.email));
    expect(mails.some((m) => m.subject.includes('refunded J$'))).toBe(true);

    // The subscriber sees it in their billing history.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/me/charges',
      headers: family.headers,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().charges[0]).toMatchObject({
      id: charge.id,
      amount: '1999.00',
      refundedAmount: '1999.00',
      refunds: [{ amount: '1999.00', reason: 'Charged twice by mistake' }],
    });

    // The privacy export carries it with the reason, not the admin's id.
    const exported = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: family.headers });
    expect(exported.body).toContain('Charged twice by mistake');
    expect(exported.body).not.toContain('actorId');

    // The admin money list shows the charge with its refund's ledger entries.
    const money = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?userId=${family.user.id}`,
      headers: admin.headers,
    });
    const item = money
      .json()
      .items.find((i: { kind: string; id: number }) => i.kind === 'subscription' && i.id === charge.id);
    expect(item.refundedAmount).toBe('1999.00');
    expect(item.ledger.filter((e: { kind: string }) => e.kind === 'refund')).toHaveLength(2);
    expect(item.ledger).toHaveLength(4);

    // The admin summary counts it.
    expect((await api.summary(admin)).json().refunds.count).toBeGreaterThanOrEqual(1);
  });

  it('refunds part, then the rest; never more than charged minus refunded (409), nothing moved by a refusal', async () => {
    const { admin, charge } = await subscribed();
    const part = await refund(admin, charge.id, { amount: '500', reason: 'Goodwill' }, 'rf-a');
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().charge).toMatchObject({ refundedAmount: '500.00', refundableAmount: '1499.00' });

    const over = await refund(admin, charge.id, { amount: '1500', reason: 'Too much' }, 'rf-b');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'REFUND_EXCEEDS_CHARGE' });
    expect(over.json().message).toContain('1499.00');

    const rest = await refund(admin, charge.id, { reason: 'The rest' }, 'rf-c');
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refund.amount).toBe('1499.00');
    expect(rest.json().charge.refundableAmount).toBe('0.00');

    const again = await refund(admin, charge.id, { reason: 'Once more' }, 'rf-d');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REFUND_EXCEEDS_CHARGE');

    const rows = await t.db.select().from(planChargeRefunds).where(eq(planChargeRefunds.chargeId, charge.id));
    expect(rows.map((r) => r.amount)).toEqual(['500.00', '1499.00']);
    expect(refundCalls()).toBe(199_900);
  });

  it('answers a repeat with the same Idempotency-Key with the first refund; a different body with that key is 409', async () => {
    const { admin, charge } = await subscribed();
    const body = { amount: '100.50', reason: 'Support gesture' };
    const first = await refund(admin, charge.id, body, 'same-key');
    const second = await refund(admin, charge.id, body, 'same-key');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().refund).toEqual(first.json().refund);
    const reused = await refund(admin, charge.id, { amount: '200', reason: 'Support gesture' }, 'same-key');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(
      await t.db.select().from(planChargeRefunds).where(eq(planChargeRefunds.chargeId, charge.id)),
    ).toHaveLength(1);
    expect(refundCalls()).toBe(10_050);
  });

  it('refuses a visitor (401), a family or caregiver (403), bad input (400), an unknown charge (404)', async () => {
    const { family, admin, charge } = await subscribed();
    expect((await refund(undefined, charge.id, { reason: 'x y z' })).statusCode).toBe(401);
    expect((await refund(family, charge.id, { reason: 'Refund me' })).statusCode).toBe(403);
    const caregiver = await signedIn(t.db, { userType: 'caregiver' });
    expect((await refund(caregiver, charge.id, { reason: 'Refund them' })).statusCode).toBe(403);
    const noKey = await refund(admin, charge.id, { reason: 'No key' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await refund(admin, charge.id, {})).statusCode).toBe(400);
    expect((await refund(admin, charge.id, { reason: 'ok reason', amount: '-5' })).statusCode).toBe(400);
    expect((await refund(admin, charge.id, { reason: 'ok reason', amount: '0' })).statusCode).toBe(400);
    expect((await refund(admin, charge.id, { reason: 'ok reason', extra: 1 })).statusCode).toBe(400);
    expect((await refund(admin, 999_999, { reason: 'ok reason' })).statusCode).toBe(404);
    expect((await refund(admin, 0, { reason: 'ok reason' })).statusCode).toBe(400);
    expect(
      await t.db.select().from(planChargeRefunds).where(eq(planChargeRefunds.chargeId, charge.id)),
    ).toHaveLength(0);
    // Only the family reads its billing history; another family sees only its own (none).
    const other = await signedIn(t.db, { userType: 'family' });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/me/charges',
      headers: other.headers,
    });
    expect(theirs.json()).toEqual({ charges: [] });
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/me/charges',
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions/me/charges' })).statusCode).toBe(
      401,
    );
  });

  it('parallel full refunds under different keys: one refunds, the others are refused, never above the charge', async () => {
    const { admin, charge } = await subscribed();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refund(admin, charge.id, { reason: 'Parallel' }, `par-${i}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db.select().from(planChargeRefunds).where(eq(planChargeRefunds.chargeId, charge.id));
    expect(rows.map((r) => r.amount)).toEqual(['1999.00']);
    expect(refundCalls()).toBe(199_900);
  });

  it('refuses to refund a declined charge (409)', async () => {
    const { admin, charge } = await subscribed();
    await t.db
      .update(subscriptionCharges)
      .set({ status: 'declined' })
      .where(eq(subscriptionCharges.id, charge.id));
    const res = await refund(admin, charge.id, { reason: 'Declined one' });
    expect(res.statusCode).toBe(409);
  });
});
