import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../shared/time';
import { ledgerRepo } from '../../core/ledger/repo';
import { decryptSecret, encryptSecret, loadPayoutKey } from '../../core/payout-key';
import { payoutAccounts, payouts } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { fridayPayoutJob } from './jobs';
import { isFriday, nextFriday } from './service';
import { earnedThroughApi } from './testing';

const HOUR = 3_600_000;

describe('payout helpers', () => {
  it('finds Fridays in Jamaica', () => {
    expect(isFriday('2026-11-20')).toBe(true);
    expect(isFriday('2026-11-21')).toBe(false);
    expect(nextFriday('2026-11-21')).toBe('2026-11-27');
    expect(nextFriday('2026-11-20')).toBe('2026-11-20');
  });

  it('encrypts account numbers with AES-256-GCM (random IV, tamper-evident)', () => {
    const key = loadPayoutKey({ nodeEnv: 'test', demoMode: true, dataDir: '/nonexistent' });
    const a = encryptSecret(key, '1234567890');
    const b = encryptSecret(key, '1234567890');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(decryptSecret(key, a)).toBe('1234567890');
    const tampered = `${a.slice(0, -4)}AAAA`;
    expect(() => decryptSecret(key, tampered)).toThrow();
    expect(() => loadPayoutKey({ nodeEnv: 'production', demoMode: false, dataDir: '/nonexistent' })).toThrow(
      /PAYOUT_ENCRYPTION_KEY/,
    );
  });
});

describe.each(DB_KINDS)('earnings and payouts on %s', (kind) => {
  const t = useTestApp(kind);

  /** A caregiver with one completed, card-paid booking `completedHoursAgo` ago. */
  async function earned(completedHoursAgo: number, rate = 1000) {
    const done = await earnedThroughApi(t.app, t.db, rate);
    return { ...done, asOf: new Date(Date.now() + completedHoursAgo * HOUR) };
  }

  it('stores the payout account encrypted and shows it masked; only caregivers', async () => {
    const cg = await signedInCaregiver(t.db);
    const empty = await t.injectAs(cg, { method: 'GET', url: '/api/payment-settings' });
    expect(empty.json()).toEqual({
      bankName: null,
      bankCode: null,
      branch: null,
      accountType: null,
      accountHolder: null,
      accountNumberMasked: null,
      needsBankDetails: false,
      updatedAt: null,
    });
    const put = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'NCB', accountHolder: 'Shanique Williams', accountNumber: '0012 3456 7890' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ bankName: 'NCB', accountNumberMasked: '•••• 7890' });
    expect(put.body).not.toContain('001234567890');
    const [row] = await t.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.caregiverId, cg.caregiver.id));
    expect(row.accountNumberEncrypted).not.toContain('001234567890');
    expect(decryptSecret(loadPayoutKey(t.env), row.accountNumberEncrypted)).toBe('001234567890');
    const bad = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'NCB', accountHolder: 'S W', accountNumber: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    const family = await signedIn(t.db);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.injectAs(family, {
        method,
        url: '/api/payment-settings',
        ...(method === 'PUT'
          ? { payload: { bankName: 'NCB', accountHolder: 'A B', accountNumber: '12345678' } }
          : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.injectAs(family, { method: 'GET', url: '/api/earnings' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/earnings' })).statusCode).toBe(401);
  });

  it('pays available earnings on Friday once, even when two runs race; pending ones wait', async () => {
    const ready = await earned(0);
    const account = { bankName: 'JN Bank', accountHolder: 'A B', accountNumber: '987654321' };
    await t.injectAs(ready.cg, { method: 'PUT', url: '/api/payment-settings', payload: account });
    const before = await t.injectAs(ready.cg, { method: 'GET', url: '/api/earnings' });
    expect(before.json().totals).toEqual({
      total: '2000.00',
      available: '0.00',
      pending: '2000.00',
      paid: '0.00',
    });
    expect(before.json().items[0]).toMatchObject({ kind: 'earning', status: 'pending', amount: '2000.00' });

    // Not a Friday: the scheduled job does nothing.
    const thursday = new Date('2099-01-01T15:00:00Z');
    expect((await runJob(t.app, fridayPayoutJob, thursday)).result).toBeUndefined();

    // 49 hours later the earning is available; two runs at once pay it once.
    const friday = new Date(Date.now() + 49 * HOUR);
    const service = t.app.services.payouts;
    const [a, b] = await Promise.all([service.run(friday, '2099-01-02'), service.run(friday, '2099-01-02')]);
    const mine = (await t.db.select().from(payouts)).filter((p) => p.caregiverId === ready.cg.caregiver.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: '2000.00', accountLast4: '4321' });
    expect(a.paid + b.paid).toBeGreaterThanOrEqual(1);
    const again = await service.run(friday, '2099-01-02');
    expect(again.paid).toBe(0);
    const earnings = await ledgerRepo.caregiverEarnings(t.db, ready.cg.caregiver.id, friday);
    expect(earnings).toEqual({ available: 0, pending: 0, paid: 200000, total: 200000 });
    const after = await t.injectAs(ready.cg, { method: 'GET', url: '/api/earnings' });
    expect(after.json().totals.paid).toBe('2000.00');
    // The payout notice (and its e-mail text) names the currency.
    const notices = await t.injectAs(ready.cg, { method: 'GET', url: '/api/notifications' });
    expect(notices.json().items.map((n: { body: string }) => n.body)).toContain(
      'J$ 2,000 is on its way to your JN Bank account •••• 4321. It arrives within 1-2 business days.',
    );
    expect(after.json().items.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual([
      'payout:paid',
      'earning:paid',
    ]);
    expect(await ledgerRepo.unbalancedTxns(t.db)).toEqual([]);
  });

  it('the Friday job run twice at once (two instances) pays once', async () => {
    const ready = await earned(0);
    await t.injectAs(ready.cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'NCB', accountHolder: 'A B', accountNumber: '11112222' },
    });
    const friday = new Date(`${nextFriday(jamaicaToday(new Date(Date.now() + 49 * HOUR)))}T12:00:00-05:00`);
    const runs = await Promise.all([
      runJob(t.app, fridayPayoutJob, friday),
      runJob(t.app, fridayPayoutJob, friday),
    ]);
    expect(runs.some((r) => r.ran)).toBe(true);
    const again = await runJob(t.app, fridayPayoutJob, friday);
    expect(again).toMatchObject({ ran: true, result: { paid: 0 } });
    const mine = (await t.db.select().from(payouts)).filter((p) => p.caregiverId === ready.cg.caregiver.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].amount).toBe('2000.00');
  });

  it('skips caregivers without a payout account, and the admin run endpoint is admin-only', async () => {
    const noAccount = await earned(0);
    const friday = new Date(Date.now() + 50 * HOUR);
    const r = await t.app.services.payouts.run(friday, '2099-02-06');
    expect(r.skippedNoAccount).toBeGreaterThanOrEqual(1);
    const earnings = await ledgerRepo.caregiverEarnings(t.db, noAccount.cg.caregiver.id, friday);
    expect(earnings.available).toBe(200000);
    const res = await t.injectAs(noAccount.cg, {
      method: 'POST',
      url: '/api/admin/jobs/payouts/run',
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const admin = await signedIn(t.db, { userType: 'admin' });
    const ok = await t.injectAs(admin, {
      method: 'POST',
      url: '/api/admin/jobs/bookings-lifecycle/run',
      payload: { asOf: new Date(Date.now() + HOUR).toISOString() },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ran: true });
  });
});
