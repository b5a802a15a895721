import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments';
import { mailOutbox, subscriptionCharges, subscriptions } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { TEST_CARDS } from '../payments/testing';
import { plansOf } from './testing';

/**
 * One intent, one charge (ADR 0042): plan charges carry provider keys derived from the intent, and a repeat
 * of a done intent answers without the provider. The races themselves are in src/server/money-races.test.ts.
 */
describe.each(DB_KINDS)('plan intents on %s', (kind) => {
  const t = useTestApp(kind);
  const api = plansOf(() => t.app);

  /** The provider keys of every authorization from now on. */
  function keysAsked(): string[] {
    const provider = t.app.payments as SandboxProvider;
    const keys: string[] = [];
    const original = provider.authorize;
    provider.authorize = (input) => {
      keys.push(input.idempotencyKey);
      return original(input);
    };
    return keys;
  }

  it('keys a first charge by family, plan, card and attempt; a refused saved card tried again is the next attempt', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const card = (await api.saveCard(family, TEST_CARDS.declined)).json();
    const keys = keysAsked();
    const subscribe = () =>
      t.injectAs(family, {
        method: 'POST',
        url: '/api/subscriptions',
        payload: { plan: 'premium', paymentMethodId: card.id },
      });
    expect((await subscribe()).statusCode).toBe(402);
    expect((await subscribe()).statusCode).toBe(402);
    const base = `plan-subscribe:${family.user.id}:premium:${card.id}`;
    expect(keys).toEqual([`${base}:0`, `${base}:1`]);
    // The refusals are on record (that is what moves the attempt on); no plan was written.
    const charges = await t.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    expect(charges.map((c) => [c.kind, c.status, c.subscriptionId])).toEqual([
      ['first', 'declined', null],
      ['first', 'declined', null],
    ]);
    expect((await api.me(family)).json()).toMatchObject({ plan: 'basic' });
  });

  it('keys an upgrade by subscription, plans and period; the same upgrade again is 409 without the provider', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(family, 'family')).statusCode).toBe(201);
    const [s] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, family.user.id));
    const keys = keysAsked();
    expect((await api.change(family, 'premium')).statusCode).toBe(200);
    const again = await api.change(family, 'premium');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already on this plan.');
    expect(keys).toEqual([`plan-upgrade:${s.id}:family->premium:${s.currentPeriodStart.getTime()}:0`]);
  });

  it('a repeated downgrade or cancel answers the state already set, with one notice each', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(family, 'premium')).statusCode).toBe(201);
    const first = await api.change(family, 'family');
    const second = await api.change(family, 'family');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await api.cancel(family)).statusCode).toBe(200);
    const cancelledAgain = await api.cancel(family);
    expect(cancelledAgain.statusCode).toBe(200);
    expect(cancelledAgain.json()).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    const subjects = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.user.email))).map(
      (m) => m.subject,
    );
    expect(subjects.filter((s) => s.includes('Your plan changes to'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('is cancelled'))).toHaveLength(1);
  });
});
