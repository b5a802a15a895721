import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking, shiftBooking } from '../bookings/testing';
import { sandboxToken } from './testing';

const HOUR = 3_600_000;

interface Item {
  kind: string;
  id: number;
  status: string;
  bookingId: number | null;
  family: { userId: number } | null;
  caregiver: { userId: number } | null;
  ledger: { kind: string; account: string; amount: string }[];
}

describe.each(DB_KINDS)('admin payments view on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  /** A card hold captured on completion and paid out on a Friday, and a bank transfer refunded on cancel. */
  async function history() {
    const family = await signedIn(t.db, { userType: 'family' });
    const other = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1000 });
    const admin = await signedIn(t.db, { userType: 'admin' });
    const card = (
      await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, daysAhead(4), '9:00 AM', 2))
    ).json();
    const paid = await post(
      '/api/payments',
      { ...family.headers, 'idempotency-key': randomUUID() },
      {
        bookingId: card.id,
        method: 'card',
        paymentToken: await sandboxToken(t.app),
      },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    await post(`/api/bookings/${card.id}/accept`, cg.headers);
    await shiftBooking(t.db, card.id, new Date(Date.now() - 3 * HOUR));
    expect((await post(`/api/bookings/${card.id}/complete`, cg.headers)).statusCode).toBe(200);
    await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'JN Bank', accountHolder: 'A B', accountNumber: '987654321' },
    });
    const run = await t.app.services.payouts.run(new Date(Date.now() + 49 * HOUR), '2099-01-02');
    expect(run.paid).toBeGreaterThan(0);

    const bank = (
      await requestBooking(t.app, other.headers, panelBody(cg.caregiver.id, daysAhead(9), '9:00 AM', 2))
    ).json();
    const transfer = await post(
      '/api/payments',
      { ...other.headers, 'idempotency-key': randomUUID() },
      {
        bookingId: bank.id,
        method: 'bank',
      },
    );
    expect(transfer.statusCode).toBe(201);
    expect((await post(`/api/admin/payments/${transfer.json().id}/received`, admin.headers)).statusCode).toBe(
      200,
    );
    expect((await post(`/api/bookings/${bank.id}/cancel`, other.headers, {})).statusCode).toBe(200);
    return { family, other, cg, admin, card, bank };
  }

  const list = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/payments${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Item[]; total: number; page: number; pageSize: number };
  };

  it('refuses visitors (401), families and caregivers (403), and bad filters (400)', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const admin = await signedIn(t.db, { userType: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments' })).statusCode).toBe(401);
    for (const h of [family.headers, cg.headers]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: h })).statusCode).toBe(
        403,
      );
    }
    for (const q of ['page=0', 'page=abc', 'bookingId=-1', 'userId=x', 'bookingId=99999999999']) {
      const res = await t.injectAs(admin, { method: 'GET', url: `/api/admin/payments?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('shows holds, captures, refunds and payouts with their ledger entries, by booking and by user', async () => {
    const { family, other, cg, admin, card, bank } = await history();
    const byBooking = await list(admin.headers, `?bookingId=${card.id}`);
    expect(byBooking.items).toHaveLength(1);
    const captured = byBooking.items[0];
    expect(captured).toMatchObject({ kind: 'payment', status: 'captured', bookingId: card.id });
    expect(captured.ledger.map((e) => e.kind)).toEqual(expect.arrayContaining(['authorization', 'capture']));

    const refunded = (await list(admin.headers, `?bookingId=${bank.id}`)).items;
    expect(refunded).toMatchObject([
      { kind: 'payment', status: 'refunded', family: { userId: other.user.id } },
    ]);
    expect(refunded[0].ledger.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['transfer_received', 'refund']),
    );

    // The caregiver's user: both bookings' payments and the payout, with its ledger entries.
    const mine = await list(admin.headers, `?userId=${cg.user.id}`);
    expect(mine.items.map((i) => i.kind).sort()).toEqual(['payment', 'payment', 'payout']);
    const payout = mine.items.find((i) => i.kind === 'payout');
    expect(payout?.ledger.map((e) => e.kind)).toEqual(['payout', 'payout']);
    // A family sees only their own payments, never the caregiver's payout.
    const theirs = await list(admin.headers, `?userId=${family.user.id}`);
    expect(theirs.items.map((i) => [i.kind, i.bookingId])).toEqual([['payment', card.id]]);
    // The ledger entries of every transaction shown balance.
    for (const item of mine.items) {
      const sum = item.ledger.reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);
      expect(sum, `${item.kind} ${item.id}`).toBe(0);
    }
  });

  it('pages 20 at a time with the total', async () => {
    const { admin } = await history();
    const all = await list(admin.headers);
    expect(all.pageSize).toBe(20);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const beyond = await list(admin.headers, `?page=${Math.ceil(all.total / 20) + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });
});
