import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountDeletions,
  favourites,
  mailOutbox,
  subscriptionCharges,
  subscriptions,
} from '../../db/schema';
import { createCaregiver } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { TEST_CARDS } from '../payments/testing';
import { anniversary } from './periods';
import { plansOf } from './testing';

const DAY = 86_400_000;

describe.each(DB_KINDS)('plan renewals on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const api = plansOf(() => t.app);
  const run = (at: Date) => {
    clock = at;
    return t.app.services.planRenewals.runRenewals(at);
  };
  const subjects = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);
  const chargesOf = (userId: number) =>
    t.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.userId, userId));

  it('a renewal notice 3 days before, a charge on the anniversary and a receipt', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family' });
    const start = clock;
    const end = new Date((await api.subscribe(family, 'family')).json().currentPeriodEnd);
    expect(end.getTime()).toBe(anniversary(start, 1).getTime());

    expect((await run(new Date(end.getTime() - 4 * DAY))).noticed).toBe(0);
    expect((await run(new Date(end.getTime() - 3 * DAY + 1000))).noticed).toBe(1);
    expect((await run(new Date(end.getTime() - 2 * DAY))).noticed).toBe(0); // once
    expect((await subjects(family.user.email)).some((s) => s.includes('Family Plan renews on'))).toBe(true);

    expect((await run(new Date(end.getTime() + 60_000))).renewed).toBe(1);
    const me = (await api.me(family)).json();
    expect(me).toMatchObject({ plan: 'family', status: 'active' });
    expect(me.currentPeriodEnd).toBe(anniversary(start, 2).toISOString());
    const charges = await chargesOf(family.user.id);
    expect(charges.map((c) => [c.kind, c.status, c.amount])).toEqual([
      ['first', 'paid', '999.00'],
      ['renewal', 'paid', '999.00'],
    ]);
    expect(
      (await subjects(family.user.email)).some((s) => s.startsWith('YaadCare: Receipt: Family Plan')),
    ).toBe(true);
  });

  it('a refused renewal is retried 3 times over 7 days with notices, then Basic with nothing lost', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family' });
    const sub = (await api.subscribe(family, 'premium')).json();
    const end = new Date(sub.currentPeriodEnd);
    // The family's card is now one that is refused: the good card removed, a declined one the default.
    const [good] = await t.db
      .select({ id: subscriptions.savedCardId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, family.user.id));
    expect((await api.saveCard(family, TEST_CARDS.declined)).statusCode).toBe(201);
    expect((await api.removeCard(family, good.id!)).statusCode).toBe(204);
    const { caregiver } = await createCaregiver(t.db);
    await t.db.insert(favourites).values({ familyId: family.user.id, caregiverId: caregiver.id });

    expect((await run(new Date(end.getTime() + 1000))).failed).toBe(1);
    expect((await api.me(family)).json()).toMatchObject({ plan: 'premium', status: 'past_due' });
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'team_shortlist')).toBe(true);
    // Not again before the first retry (a day later).
    expect((await run(new Date(end.getTime() + DAY - 1000))).failed).toBe(0);
    expect((await run(new Date(end.getTime() + DAY))).failed).toBe(1);
    expect((await run(new Date(end.getTime() + 3 * DAY))).failed).toBe(1);
    expect((await run(new Date(end.getTime() + 7 * DAY))).downgraded).toBe(1);
    expect((await run(new Date(end.getTime() + 9 * DAY))).downgraded).toBe(0);

    const renewals = (await chargesOf(family.user.id)).filter((c) => c.kind === 'renewal');
    expect(renewals.map((c) => c.status)).toEqual(['declined', 'declined', 'declined', 'declined']);
    const mails = await subjects(family.user.email);
    expect(mails.filter((s) => s === 'YaadCare: We could not renew your Premium')).toHaveLength(3);
    expect(mails).toContain('YaadCare: Your account is now on Basic');
    expect((await api.me(family)).json()).toMatchObject({ plan: 'basic', status: 'none' });
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'favourites_rebook')).toBe(false);
    const kept = await t.db.select().from(favourites).where(eq(favourites.familyId, family.user.id));
    expect(kept).toHaveLength(1);
    // And the family may choose a plan again.
    expect((await api.subscribe(family, 'family')).statusCode).toBe(201);
  });

  it('a cancelled plan ends at the period end without a charge and without a renewal notice', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family' });
    const end = new Date((await api.subscribe(family, 'family')).json().currentPeriodEnd);
    expect((await api.cancel(family)).statusCode).toBe(200);
    expect((await run(new Date(end.getTime() - 2 * DAY))).noticed).toBe(0);
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'sms_reminders')).toBe(true);
    expect((await run(new Date(end.getTime() + 1000))).ended).toBe(1);
    expect(await t.app.services.plans.gate.allows(String(family.user.id), 'sms_reminders')).toBe(false);
    expect((await chargesOf(family.user.id)).map((c) => c.kind)).toEqual(['first']);
    expect(await subjects(family.user.email)).toContain('YaadCare: Your Family Plan has ended');
  });

  it('a deleted account’s plan ends before its renewal: no charge, no notice', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family' });
    const end = new Date((await api.subscribe(family, 'family')).json().currentPeriodEnd);
    await t.db
      .insert(accountDeletions)
      .values({ userId: family.user.id, scrubAfter: new Date(end.getTime() + 30 * DAY) });
    expect((await run(new Date(end.getTime() - 2 * DAY))).ended).toBe(1);
    expect((await run(new Date(end.getTime() + 1000))).renewed).toBe(0);
    expect((await chargesOf(family.user.id)).map((c) => c.kind)).toEqual(['first']);
    expect((await subjects(family.user.email)).some((s) => s.includes('renews on'))).toBe(false);
  });

  it('a pending downgrade is charged at the lower price on the anniversary', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family' });
    const end = new Date((await api.subscribe(family, 'premium')).json().currentPeriodEnd);
    expect((await api.change(family, 'family')).json()).toMatchObject({ pendingPlan: 'family' });
    expect((await run(new Date(end.getTime() + 1000))).renewed).toBe(1);
    expect((await api.me(family)).json()).toMatchObject({ plan: 'family', pendingPlan: null });
    expect((await chargesOf(family.user.id)).map((c) => c.amount)).toEqual(['1999.00', '999.00']);
  });
});

describe('anniversaries', () => {
  it('fall on the same Jamaican day, or the last day of a shorter month', () => {
    const jan31 = new Date('2027-01-31T15:00:00Z'); // 10:00 in Jamaica
    expect(anniversary(jan31, 1).toISOString()).toBe('2027-02-28T15:00:00.000Z');
    expect(anniversary(jan31, 2).toISOString()).toBe('2027-03-31T15:00:00.000Z');
    const lateNight = new Date('2027-04-01T03:00:00Z'); // 31 March, 22:00 in Jamaica
    expect(anniversary(lateNight, 1).toISOString()).toBe('2027-05-01T03:00:00.000Z');
  });
});
