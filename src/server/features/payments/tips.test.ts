import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { SandboxProvider } from '../../adapters/payments';
import { ledgerRepo } from '../../core/ledger/repo';
import { ledger } from '../../core/ledger/service';
import { ledgerEntries, notifications, payouts, tips } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, request } from '../circles/testing';
import { sandboxCardToken, TEST_CARDS } from './testing';

const DAY = 86_400_000;
type Who = { headers: Record<string, string> } | undefined;

describe.each(DB_KINDS)('tips after a completed visit on %s', (kind) => {
  let clock = new Date('2026-06-10T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);

  const tip = (who: Who, bookingId: number, body: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/tip`,
      headers: { ...(who?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as string,
    });

  async function saveCard(who: Who, number: string = TEST_CARDS.success): Promise<number> {
    const res = await request(t.app, 'POST', '/api/payment-methods', who, {
      paymentToken: sandboxCardToken(t.app.payments as SandboxProvider, number),
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  /** A family with a saved card, a caregiver, and a completed visit that ended yesterday (4 h at J$1,500: J$6,300). */
  async function completedVisit(status: 'completed' | 'confirmed' = 'completed') {
    clock = new Date('2026-06-10T15:00:00Z');
    const family = await signedIn(t.db, { userType: 'family', firstName: 'Marcia' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const booking = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date: '2026-06-09',
      hours: 4,
      status,
    });
    const cardId = await saveCard(family);
    return { family, cg, booking, cardId };
  }

  it('charges the saved card, posts a balanced ledger transaction of 100 % to the caregiver, and tells them', async () => {
    const { family, cg, booking, cardId } = await completedVisit();
    const before = await ledger.caregiverEarnings(t.db, cg.caregiver.id, clock);
    const provider = t.app.payments as SandboxProvider;
    const calls = provider.stats.authorizeCalls;
    const res = await tip(family, booking.id, { amount: '1000', paymentMethodId: cardId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ bookingId: booking.id, amount: '1000.00', cardLast4: '4242' });
    expect(provider.stats.authorizeCalls).toBe(calls + 1);
    expect(res.body).not.toContain('pm_sbx_');
    // The ledger: one transaction, summing to zero, the caregiver's balance up by exactly the tip.
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((e) => e.txnId)).size).toBe(1);
    expect(entries.reduce((s, e) => s + toCents(e.amount), 0)).toBe(0);
    expect(entries.every((e) => e.kind === 'tip')).toBe(true);
    expect(await ledgerRepo.unbalancedTxns(t.db)).toEqual([]);
    const after = await ledger.caregiverEarnings(t.db, cg.caregiver.id, clock);
    expect(after.total - before.total).toBe(100_000);
    // 48 h later it is available: the next Friday payout pays it like earnings.
    const later = await ledger.caregiverEarnings(t.db, cg.caregiver.id, new Date(clock.getTime() + 3 * DAY));
    expect(later.available - before.available).toBe(100_000);
    // The caregiver's notice, and the earnings line.
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cg.user.id), eq(notifications.kind, 'payment.tip')));
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('Marcia');
    const earnings = await request(t.app, 'GET', '/api/earnings', cg);
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'tip',
        amount: '1000.00',
        description: expect.stringContaining('Tip from Marcia'),
      }),
    );
    // The booking card: the tip, and no second one.
    const view = await request(t.app, 'GET', `/api/bookings/${booking.id}`, family);
    expect(view.json()).toMatchObject({ tip: { amount: '1000.00' }, canTip: false });
  });

  it('reaches the caregiver in the next payout run, with nothing else owed to them', async () => {
    const { family, cg, booking, cardId } = await completedVisit('completed');
    const account = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'NCB', accountHolder: 'Shanique Williams', accountNumber: '0012 3456 7890' },
    });
    expect(account.statusCode).toBe(200);
    // What the visit itself earned, already owed before the tip (the factory's completed booking).
    const owedBefore = (await ledger.caregiverEarnings(t.db, cg.caregiver.id, clock)).total;
    expect((await tip(family, booking.id, { amount: '750', paymentMethodId: cardId })).statusCode).toBe(201);
    // Friday three days on: past the 48 h hold, the run pays the tip with whatever else was owed.
    const friday = new Date(clock.getTime() + 3 * DAY);
    await t.app.services.payouts.run(friday);
    const paid = await t.db.select().from(payouts).where(eq(payouts.caregiverId, cg.caregiver.id));
    expect(paid).toHaveLength(1);
    expect(toCents(paid[0].amount)).toBe(owedBefore + 75_000);
    expect((await ledger.caregiverEarnings(t.db, cg.caregiver.id, friday)).available).toBe(0);
  });

  it('shows canTip on a completed visit before a tip, and not to the caregiver', async () => {
    const { family, cg, booking } = await completedVisit();
    expect((await request(t.app, 'GET', `/api/bookings/${booking.id}`, family)).json()).toMatchObject({
      tip: null,
      canTip: true,
    });
    expect((await request(t.app, 'GET', `/api/bookings/${booking.id}`, cg)).json()).toMatchObject({
      canTip: false,
    });
  });

  it('refuses: visitor 401, caregiver 403, another family 404, a missing key 400, non-completed 409', async () => {
    const { family, cg, booking, cardId } = await completedVisit();
    const body = { amount: '1000', paymentMethodId: cardId };
    expect((await tip(undefined, booking.id, body)).statusCode).toBe(401);
    expect((await tip(cg, booking.id, body)).statusCode).toBe(403);
    const other = await signedIn(t.db, { userType: 'family' });
    const otherCard = await saveCard(other);
    expect((await tip(other, booking.id, { ...body, paymentMethodId: otherCard })).statusCode).toBe(404);
    expect((await tip(family, 99_999_999, body)).statusCode).toBe(404);
    const noKey = await tip(family, booking.id, body, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const pending = await completedVisit('confirmed');
    expect(
      (await tip(pending.family, pending.booking.id, { amount: '1000', paymentMethodId: pending.cardId }))
        .statusCode,
    ).toBe(409);
    expect(await t.db.select().from(tips).where(eq(tips.bookingId, booking.id))).toHaveLength(0);
  });

  it('refuses amounts out of the rule (J$100 to the lower of J$50,000 and half the total) and bad input with 400', async () => {
    const { family, booking, cardId } = await completedVisit();
    // Total J$6,300: at most J$3,150.
    for (const amount of ['99.99', '3150.01', '-5', 'abc', '1e3', '']) {
      const res = await tip(family, booking.id, { amount, paymentMethodId: cardId });
      expect(res.statusCode, amount).toBe(400);
    }
    expect((await tip(family, booking.id, { amount: '1000' })).statusCode).toBe(400);
    expect((await tip(family, booking.id, { amount: '1000', paymentMethodId: 'x' })).statusCode).toBe(400);
    // Someone else's card is not one of theirs.
    const other = await signedIn(t.db, { userType: 'family' });
    const otherCard = await saveCard(other);
    expect((await tip(family, booking.id, { amount: '1000', paymentMethodId: otherCard })).statusCode).toBe(
      400,
    );
    expect((await tip(family, booking.id, { amount: '3150', paymentMethodId: cardId })).statusCode).toBe(201);
  });

  it('caps at J$50,000 on a large booking', async () => {
    clock = new Date('2026-06-10T15:00:00Z');
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 20000 });
    const booking = await createBooking(t.db, {
      familyId: family.user.id,
      caregiverId: cg.caregiver.id,
      date: '2026-06-09',
      hours: 8,
      hourlyRate: 20000,
      status: 'completed',
    });
    const cardId = await saveCard(family);
    expect((await tip(family, booking.id, { amount: '50000.01', paymentMethodId: cardId })).statusCode).toBe(
      400,
    );
    expect((await tip(family, booking.id, { amount: '50000', paymentMethodId: cardId })).statusCode).toBe(
      201,
    );
  });

  it('one tip per booking: a second is 409; the same key again answers the first tip; a reused key with another amount 409', async () => {
    const { family, booking, cardId } = await completedVisit();
    const key = randomUUID();
    const first = await tip(family, booking.id, { amount: '500', paymentMethodId: cardId }, key);
    expect(first.statusCode).toBe(201);
    const again = await tip(family, booking.id, { amount: '500', paymentMethodId: cardId }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const reused = await tip(family, booking.id, { amount: '600', paymentMethodId: cardId }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const second = await tip(family, booking.id, { amount: '500', paymentMethodId: cardId });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('TIP_ALREADY_GIVEN');
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(entries).toHaveLength(2);
  });

  it('closes 14 days after the visit (409), with the clock the test controls', async () => {
    const { family, booking, cardId } = await completedVisit();
    clock = new Date(booking.endsAt.getTime() + 14 * DAY + 60_000);
    const late = await tip(family, booking.id, { amount: '500', paymentMethodId: cardId });
    expect(late.statusCode).toBe(409);
    clock = new Date(booking.endsAt.getTime() + 14 * DAY - 60_000);
    expect((await tip(family, booking.id, { amount: '500', paymentMethodId: cardId })).statusCode).toBe(201);
  });

  it('a declined saved card is 402 and keeps nothing', async () => {
    const { family, booking } = await completedVisit();
    const declined = await saveCard(family, TEST_CARDS.declined);
    const res = await tip(family, booking.id, { amount: '500', paymentMethodId: declined });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CARD_DECLINED');
    expect(await t.db.select().from(tips).where(eq(tips.bookingId, booking.id))).toHaveLength(0);
  });

  it('a care circle’s payer may tip its booking; a viewer may not', async () => {
    clock = new Date('2026-06-10T15:00:00Z');
    const owner = await signedIn(t.db, { userType: 'family' });
    const circle = await createCircle(t.app, owner);
    const payer = await join(t.app, t.db, circle.id, owner, 'payer', { firstName: 'Devon' });
    const viewer = await join(t.app, t.db, circle.id, owner, 'viewer');
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const booking = await createBooking(t.db, {
      familyId: owner.user.id,
      caregiverId: cg.caregiver.id,
      date: '2026-06-09',
      hours: 4,
      status: 'completed',
      circleId: circle.id,
    });
    const viewerCard = await saveCard(viewer);
    const refused = await tip(viewer, booking.id, { amount: '500', paymentMethodId: viewerCard });
    expect([403, 404]).toContain(refused.statusCode);
    const payerCard = await saveCard(payer);
    const res = await tip(payer, booking.id, { amount: '500', paymentMethodId: payerCard });
    expect(res.statusCode).toBe(201);
    const earnings = await request(t.app, 'GET', '/api/earnings', cg);
    expect(earnings.json().items).toContainEqual(
      expect.objectContaining({ kind: 'tip', description: expect.stringContaining('Tip from Devon') }),
    );
  });
});
