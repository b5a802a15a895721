import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS, PRIORITY_REPLY_BUSINESS_HOURS } from '../../../shared/pricing';
import { ledgerEntries, mailOutbox, savedPaymentMethods, subscriptionCharges } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { TEST_CARDS } from '../payments/testing';
import { plansOf } from './testing';

describe.each(DB_KINDS)('plans and subscriptions on %s', (kind) => {
  const t = useTestApp(kind);
  const api = plansOf(() => t.app);

  it('answers the catalogue to anyone: prices, what each plan unlocks, no recurring bookings line', async () => {
    const res = await api.catalogue();
    expect(res.statusCode).toBe(200);
    const { plans, priorityReplyBusinessHours } = res.json();
    expect(priorityReplyBusinessHours).toBe(PRIORITY_REPLY_BUSINESS_HOURS);
    expect(plans.map((p: { id: string; monthlyJmd: number }) => [p.id, p.monthlyJmd])).toEqual([
      ['basic', 0],
      ['family', 999],
      ['premium', 1999],
    ]);
    expect(plans[1].unlocks).toEqual(['favourites_rebook', 'sms_reminders', 'priority_support']);
    expect(plans[2].unlocks).toContain('team_shortlist');
    expect(plans.every((p: { available: boolean }) => p.available)).toBe(true);
    const text = JSON.stringify(PLANS);
    expect(text).not.toMatch(/recurring bookings|monthly summary/i);
    expect(text).toContain(`within ${PRIORITY_REPLY_BUSINESS_HOURS} business hours`);
  });

  it('subscribes a family: first month charged to the saved card, in the ledger, a receipt; the gate opens', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const gate = t.app.services.plans.gate;
    expect(await gate.allows(String(family.user.id), 'favourites_rebook')).toBe(false);
    const res = await api.subscribe(family, 'family');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      plan: 'family',
      status: 'active',
      cancelAtPeriodEnd: false,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(res.body).not.toContain('pm_sbx_');
    expect(res.body).not.toContain('sbx_');
    expect(await gate.allows(String(family.user.id), 'favourites_rebook')).toBe(true);
    expect(await gate.allows(String(family.user.id), 'sms_reminders')).toBe(true);
    expect(await gate.allows(String(family.user.id), 'team_shortlist')).toBe(false);

    const [charge] = await t.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    expect(charge).toMatchObject({ status: 'paid', amount: '999.00', kind: 'first' });
    const lines = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, charge.ledgerTxnId!));
    expect(lines.map((l) => [l.account, l.amount]).sort()).toEqual([
      ['family_source', '-999.00'],
      ['platform_revenue', '999.00'],
    ]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.user.email));
    expect(mails.map((m) => m.subject)).toContain('YaadCare: Welcome to the Family Plan');

    const me = await api.me(family);
    expect(me.json()).toMatchObject({ plan: 'family', status: 'active' });
    expect((await api.subscribe(family, 'premium')).statusCode).toBe(409);
  });

  it('a refused card answers 402 and keeps nothing: no plan, no card, no charge', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const res = await api.subscribe(family, 'premium', TEST_CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const poor = await api.subscribe(family, 'premium', TEST_CARDS.insufficientFunds);
    expect(poor.json().code).toBe('CARD_INSUFFICIENT_FUNDS');
    expect((await api.me(family)).json()).toMatchObject({ plan: 'basic', status: 'none' });
    const cards = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, family.user.id));
    expect(cards).toEqual([]);
    expect(
      await t.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, family.user.id)),
    ).toEqual([]);
  });

  it('refuses caregivers, admins and strangers; a card number in the body is refused before anything', async () => {
    const cg = await signedInCaregiver(t.db);
    const admin = await signedIn(t.db, { userType: 'admin' });
    for (const who of [cg, admin]) {
      expect((await api.subscribe(who, 'family')).statusCode).toBe(403);
      expect((await api.me(who)).statusCode).toBe(403);
      expect((await api.cancel(who)).statusCode).toBe(403);
      expect((await api.change(who, 'premium')).statusCode).toBe(403);
      expect(await t.app.services.plans.gate.allows(String(who.user.id), 'favourites_rebook')).toBe(false);
    }
    expect((await api.change(undefined, 'premium')).statusCode).toBe(401);
    expect((await api.subscribe(undefined, 'family')).statusCode).toBe(401);
    expect((await api.me(undefined)).statusCode).toBe(401);
    expect((await api.cancel(undefined)).statusCode).toBe(401);
    const family = await signedIn(t.db, { userType: 'family' });
    const raw = await t.injectAs(family, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { plan: 'family', cardNumber: TEST_CARDS.success },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe('CARD_DATA_REFUSED');
    const bad = await t.injectAs(family, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { plan: 'gold', paymentToken: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('subscribes with a saved card; another family’s card is refused and charged nothing', async () => {
    const owner = await signedIn(t.db, { userType: 'family' });
    const other = await signedIn(t.db, { userType: 'family' });
    const card = (await api.saveCard(owner, TEST_CARDS.success)).json();
    const stolen = await t.injectAs(other, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { plan: 'family', paymentMethodId: card.id },
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      await t.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, other.user.id)),
    ).toEqual([]);
    const both = await t.injectAs(owner, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { plan: 'family', paymentMethodId: card.id, paymentToken: api.token() },
    });
    expect(both.statusCode).toBe(400);
    const res = await t.injectAs(owner, {
      method: 'POST',
      url: '/api/subscriptions',
      payload: { plan: 'family', paymentMethodId: card.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ plan: 'family', card: { last4: '4242' } });
  });

  it('another family cannot see or cancel my plan: they only ever reach their own', async () => {
    const mine = await signedIn(t.db, { userType: 'family' });
    const other = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(mine, 'family')).statusCode).toBe(201);
    expect((await api.me(other)).json()).toMatchObject({ plan: 'basic', card: null });
    expect((await api.cancel(other)).statusCode).toBe(404);
    expect((await api.me(mine)).json()).toMatchObject({ plan: 'family', cancelAtPeriodEnd: false });
  });

  it('cancels in one step: no more charges, works to the period end, a confirmation e-mail', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const end = (await api.subscribe(family, 'premium')).json().currentPeriodEnd;
    const res = await api.cancel(family);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true, currentPeriodEnd: end });
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'team_shortlist')).toBe(true);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.user.email));
    const mail = mails.find((m) => m.subject === 'YaadCare: Your Premium is cancelled');
    expect(mail?.text).toContain('You will not be charged again');
    // Choosing the plan again undoes the cancellation.
    expect((await api.change(family, 'premium')).json()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('upgrades at once with a prorated charge; downgrades at the period end', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(family, 'family')).statusCode).toBe(201);
    const up = await api.change(family, 'premium');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ plan: 'premium', pendingPlan: null });
    const charges = await t.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    const upgrade = charges.find((c) => c.kind === 'upgrade');
    // Just subscribed: (1,999 − 999) for nearly the whole month.
    expect(Number(upgrade?.amount)).toBeGreaterThan(990);
    expect(Number(upgrade?.amount)).toBeLessThanOrEqual(1000);
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'team_shortlist')).toBe(true);
    // A refused card leaves the plan as it was.
    const poor = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(poor, 'family')).statusCode).toBe(201);
    const [subRow] = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, poor.user.id));
    expect((await api.saveCard(poor, TEST_CARDS.declined)).statusCode).toBe(201);
    expect((await api.removeCard(poor, subRow.id)).statusCode).toBe(204);
    const refused = await api.change(poor, 'premium');
    expect(refused.statusCode).toBe(402);
    expect((await api.me(poor)).json()).toMatchObject({ plan: 'family', card: { last4: '0002' } });
    const down = await api.change(family, 'family');
    expect(down.json()).toMatchObject({ plan: 'premium', pendingPlan: 'family' });
    expect((await api.change(family, 'basic')).statusCode).toBe(400);
  });

  it('admins see subscribers per plan and monthly recurring revenue; families may not', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const family = await signedIn(t.db, { userType: 'family' });
    expect((await api.summary(family)).statusCode).toBe(403);
    const res = await api.summary(admin);
    expect(res.statusCode).toBe(200);
    const before = res.json();
    expect(before.subscribers.family + before.subscribers.premium).toBeGreaterThan(0);
    // A new Premium subscriber adds J$ 1,999; cancelling takes it out of the recurring revenue only.
    const newcomer = await signedIn(t.db, { userType: 'family' });
    expect((await api.subscribe(newcomer, 'premium')).statusCode).toBe(201);
    const after = (await api.summary(admin)).json();
    expect(after.subscribers.premium).toBe(before.subscribers.premium + 1);
    expect(after.mrrJmd).toBe(before.mrrJmd + 1999);
    expect((await api.cancel(newcomer)).statusCode).toBe(200);
    const cancelled = (await api.summary(admin)).json();
    expect(cancelled.subscribers.premium).toBe(after.subscribers.premium);
    expect(cancelled.mrrJmd).toBe(before.mrrJmd);
  });
});

describe.each(DB_KINDS)('plan charges in the admins’ payments view on %s', (kind) => {
  const t = useTestApp(kind);
  const api = plansOf(() => t.app);

  it('lists a plan charge with its family and its balanced ledger entries', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const admin = await signedIn(t.database.db, { userType: 'admin' });
    expect((await api.subscribe(family, 'family')).statusCode).toBe(201);
    const res = await t.injectAs(admin, {
      method: 'GET',
      url: `/api/admin/payments?userId=${family.user.id}`,
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({
      kind: 'subscription',
      status: 'paid',
      amount: '999.00',
      capturedAmount: '999.00',
      reference: 'family plan, first',
      family: { userId: family.user.id },
      caregiver: null,
    });
    expect(item.ledger.map((e: { account: string; amount: string }) => [e.account, e.amount]).sort()).toEqual(
      [
        ['family_source', '-999.00'],
        ['platform_revenue', '999.00'],
      ],
    );
    const byBooking = await t.injectAs(admin, { method: 'GET', url: '/api/admin/payments?bookingId=1' });
    expect(byBooking.json().items.some((i: { kind: string }) => i.kind === 'subscription')).toBe(false);
  });
});
