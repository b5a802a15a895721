import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billedMinutes } from '../../../shared/money';
import type { SandboxProvider } from '../../adapters/payments';
import { ledgerRepo } from '../../core/ledger/repo';
import { ledger } from '../../core/ledger/service';
import { payments } from '../../db/schema';
import { DB_KINDS } from '../../test/harness';
import { request } from '../circles/testing';
import { useVisitWorld } from '../visits/testing';
import { sandboxCardToken } from './testing';

describe('billedMinutes', () => {
  it('rounds to the nearest 15 minutes, never above the booked hours, never below 0', () => {
    expect(billedMinutes(70, 2)).toBe(75);
    expect(billedMinutes(67, 2)).toBe(60);
    expect(billedMinutes(67.5, 2)).toBe(75);
    expect(billedMinutes(150, 2)).toBe(120);
    expect(billedMinutes(-5, 2)).toBe(0);
    expect(billedMinutes(7, 2)).toBe(0);
  });
});

/**
 * Completion charges the time actually spent (ADR 0032): check-in to check-out rounded to 15 minutes and
 * capped at the booked hours; the rest of the hold goes back; the caregiver earns on what was charged.
 */
describe.each(DB_KINDS)('capture for the actual time on %s', (kind) => {
  const v = useVisitWorld(kind);
  const { t, w, db, cid, post } = v;
  const P = w.people;
  const sandbox = () => t.app.payments as SandboxProvider;

  /** A 2-hour visit at J$ 1,500 an hour (J$ 3,150 held), checked in at its start and out `minutes` later. */
  async function visitedFor(minutes: number | null) {
    const visit = await v.visit();
    w.clock = visit.at(-120);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...P.family.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId: visit.id, method: 'card', paymentToken: sandboxCardToken(sandbox()) },
    });
    expect(paid.statusCode).toBe(201);
    if (minutes !== null) {
      w.clock = visit.at(0);
      expect((await post(visit.cg, visit.id, 'check-in', { clientId: cid() })).statusCode).toBe(201);
      w.clock = visit.at(minutes);
      expect((await post(visit.cg, visit.id, 'check-out', { clientId: cid() })).statusCode).toBe(201);
    }
    // Completed by the lifecycle job 24 h after the end (the settlement runs in that transition).
    const done = await t.app.services.bookings.runLifecycle(visit.at(120 + 24 * 60));
    expect(done.completed).toBeGreaterThan(0);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, visit.id));
    const account = (a: 'caregiver_payable' | 'platform_revenue' | 'booking_hold') =>
      ledger.bookingAccountBalance(db(), visit.id, a);
    return { visit, payment, account };
  }

  it('captures 1 h 15 for a 70-minute visit, releases the rest, and the caregiver earns on what was charged', async () => {
    const { visit, payment, account } = await visitedFor(70);
    // J$ 1,500 × 1.25 h = J$ 1,875, fee 5 % = J$ 94 → J$ 1,969 of J$ 3,150.
    expect(payment).toMatchObject({
      status: 'captured',
      capturedAmount: '1969.00',
      refundedAmount: '1181.00',
    });
    expect(sandbox().holds.get(payment.providerRef ?? '')).toMatchObject({
      captured: 196_900,
      released: 118_100,
    });
    expect(await account('caregiver_payable')).toBe(187_500);
    expect(await account('platform_revenue')).toBe(9_400);
    expect(await account('booking_hold')).toBe(0);
    expect(await ledgerRepo.unbalancedTxns(db())).toEqual([]);
    expect((await ledgerRepo.totals(db())).all).toBe(0);
    const view = await request(t.app, 'GET', `/api/bookings/${visit.id}`, P.family);
    expect(view.json().payment).toMatchObject({ amount: '3150.00', capturedAmount: '1969.00' });
    const log = await request(t.app, 'GET', `/api/bookings/${visit.id}/log`, P.family);
    expect(log.json().billedMinutes).toBe(75);
  });

  it('never charges more than the booked hours for a longer visit', async () => {
    const { payment, account } = await visitedFor(150);
    expect(payment).toMatchObject({ status: 'captured', capturedAmount: '3150.00', refundedAmount: '0.00' });
    expect(await account('caregiver_payable')).toBe(300_000);
    expect(await ledgerRepo.unbalancedTxns(db())).toEqual([]);
  });

  it('without a check-in and check-out, charges the booked total as before', async () => {
    const { payment, account } = await visitedFor(null);
    expect(payment).toMatchObject({ status: 'captured', capturedAmount: '3150.00' });
    expect(await account('caregiver_payable')).toBe(300_000);
    expect(await account('booking_hold')).toBe(0);
  });

  it('a visit checked out at once charges nothing: the hold is voided', async () => {
    const { payment, account } = await visitedFor(5);
    expect(payment).toMatchObject({ status: 'voided', capturedAmount: '0.00', refundedAmount: '3150.00' });
    expect(sandbox().holds.get(payment.providerRef ?? '')).toMatchObject({ voided: true, captured: 0 });
    expect(await account('caregiver_payable')).toBe(0);
    expect(await account('booking_hold')).toBe(0);
    expect(await ledgerRepo.unbalancedTxns(db())).toEqual([]);
  });
});
