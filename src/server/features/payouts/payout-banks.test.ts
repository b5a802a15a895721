import { Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PayoutAccountRequest } from '../../../shared/contracts/payments';
import { bankFromName, JAMAICAN_BANKS } from '../../../shared/jamaican-banks';
import { toCents } from '../../../shared/money';
import { buildApp, loggerOptions } from '../../app';
import { ledgerEntries, payoutBatches, payouts } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { BATCH_HEADER, controlSumOf } from './batch-file';
import { earnedThroughApi } from './testing';

const HOUR = 3_600_000;

describe('the Jamaican bank catalog and the payout account contract', () => {
  it('has the eight banks, each with a unique code and a 5-digit branch', () => {
    expect(JAMAICAN_BANKS.map((b) => b.code)).toEqual([
      'NCB',
      'BNS',
      'JN',
      'SAGICOR',
      'CIBC',
      'FGB',
      'JMMB',
      'CITI',
    ]);
    for (const b of JAMAICAN_BANKS) expect(b.branchDigits).toBe(5);
  });

  it('maps older free-text bank names onto a code', () => {
    expect(bankFromName('NCB')?.code).toBe('NCB');
    expect(bankFromName('National Commercial Bank')?.code).toBe('NCB');
    expect(bankFromName('Scotiabank Jamaica Ltd.')?.code).toBe('BNS');
    expect(bankFromName('JN Bank')?.code).toBe('JN');
    expect(bankFromName('FirstCaribbean')?.code).toBe('CIBC');
    expect(bankFromName('First Global Bank')?.code).toBe('FGB');
    expect(bankFromName('Some Credit Union')).toBeUndefined();
  });

  it('keeps the older call and asks the new form for branch and type', () => {
    expect(
      PayoutAccountRequest.safeParse({ bankName: 'NCB', accountHolder: 'A B', accountNumber: '1234 5678' })
        .success,
    ).toBe(true);
    const full = PayoutAccountRequest.safeParse({
      bankCode: 'BNS',
      branch: '50575',
      accountType: 'savings',
      accountHolder: 'A B',
      accountNumber: '000-123-456-789',
    });
    expect(full.success && full.data.accountNumber).toBe('000123456789');
    const missing = PayoutAccountRequest.safeParse({
      bankCode: 'NCB',
      accountHolder: 'A B',
      accountNumber: '12345678',
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path[0]).sort()).toEqual(['accountType', 'branch']);
    const bad = PayoutAccountRequest.safeParse({
      bankCode: 'NCB',
      branch: '1234',
      accountType: '',
      accountHolder: 'A B',
      accountNumber: '1234567890123456789',
    });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual(
      expect.arrayContaining([
        ['branch', 'The branch (transit) number has 5 digits.'],
        ['accountType', 'Choose savings or chequing.'],
        ['accountNumber', 'Account numbers have 6 to 18 digits.'],
      ]),
    );
    expect(PayoutAccountRequest.safeParse({ accountHolder: 'A B', accountNumber: '12345678' }).success).toBe(
      false,
    );
    expect(
      PayoutAccountRequest.safeParse({
        bankCode: 'XYZ',
        branch: '12345',
        accountType: 'savings',
        accountHolder: 'A B',
        accountNumber: '12345678',
      }).success,
    ).toBe(false);
  });

  it('sums the last 8 digits of the account numbers modulo 10^8', () => {
    expect(controlSumOf(['123456789', '99999999', '42'])).toBe(
      ((23456789 + 99999999 + 42) % 1e8).toString().padStart(8, '0'),
    );
    expect(controlSumOf([])).toBe('00000000');
  });
});

describe.each(DB_KINDS)('payouts to Jamaican banks on %s', (kind) => {
  const t = useTestApp(kind);

  /** A caregiver with one completed, card-paid booking of rate × 2 h. */
  const earned = (rate = 1000) => earnedThroughApi(t.app, t.db, rate);

  const bankAccount = (accountNumber: string, extra: Record<string, string> = {}) => ({
    bankCode: 'NCB',
    branch: '01234',
    accountType: 'savings',
    accountHolder: 'Shanique Williams',
    accountNumber,
    ...extra,
  });

  it('saves bank, branch and type; shows only the last four; older payloads still work; refusals', async () => {
    const cg = await signedInCaregiver(t.db);
    const put = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('4045 5577 88', { bankCode: 'JN', accountType: 'chequing' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      bankName: 'JN Bank',
      bankCode: 'JN',
      branch: '01234',
      accountType: 'chequing',
      accountNumberMasked: '•••• 7788',
      needsBankDetails: false,
    });
    expect(put.body).not.toContain('4045557788');
    const get = await t.injectAs(cg, { method: 'GET', url: '/api/payment-settings' });
    expect(get.body).not.toContain('4045557788');
    expect(get.json().bankCode).toBe('JN');

    // The older call: the bank named in free text, mapped to a code; the file still needs branch and type.
    const older = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: { bankName: 'Scotiabank', accountHolder: 'S W', accountNumber: '11223344' },
    });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({
      bankCode: 'BNS',
      branch: null,
      accountType: null,
      needsBankDetails: true,
    });

    const bad = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('12345678', { branch: '12' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('branch');
    expect(bad.body).not.toContain('12345678');
    const unknownBank = await t.injectAs(cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('12345678', { bankCode: 'NOPE' }),
    });
    expect(unknownBank.statusCode).toBe(400);

    const family = await signedIn(t.db);
    const asFamily = await t.injectAs(family, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('12345678'),
    });
    expect(asFamily.statusCode).toBe(403);
    const asVisitor = await t.app.inject({
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('12345678'),
    });
    expect(asVisitor.statusCode).toBe(401);
  });

  it('a payout run writes a bank file whose total and control sum match its ledger entries; admins only', async () => {
    const one = await earned(1000);
    const two = await earned(1750);
    await t.injectAs(one.cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('000123456789'),
    });
    await t.injectAs(two.cg, {
      method: 'PUT',
      url: '/api/payment-settings',
      payload: bankAccount('98765432', {
        bankCode: 'BNS',
        branch: '50575',
        accountType: 'chequing',
        accountHolder: '=Evil, "Name"',
      }),
    });
    const friday = new Date(Date.now() + 49 * HOUR);
    const result = await t.app.services.payouts.run(friday, '2099-03-06');
    expect(result.batchId).toEqual(expect.any(Number));
    const batchId = result.batchId as number;

    const admin = await signedIn(t.db, { userType: 'admin' });
    const list = await t.injectAs(admin, { method: 'GET', url: '/api/admin/payouts/batches' });
    expect(list.statusCode).toBe(200);
    const summary = list.json().find((b: { id: number }) => b.id === batchId);
    expect(summary).toMatchObject({ payoutDate: '2099-03-06', lineCount: result.paid });

    const url = `/api/admin/payouts/batches/${batchId}/batch.csv`;
    const res = await t.injectAs(admin, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(BATCH_HEADER.join(','));
    const details = lines.filter((l) => l.startsWith('D,'));
    const trailer = lines.at(-1)?.split(',') ?? [];
    expect(details).toHaveLength(result.paid);
    expect(details.find((d) => d.includes('000123456789'))).toMatch(
      /^D,NCB,01234,savings,000123456789,Shanique Williams,2000\.00,YC20990306-\d+$/,
    );
    expect(details.find((d) => d.includes('98765432'))).toMatch(
      /^D,BNS,50575,chequing,98765432,"'=Evil, ""Name""",3500\.00,YC20990306-\d+$/,
    );
    expect(trailer[0]).toBe('T');
    expect(Number(trailer[1])).toBe(details.length);

    // The file's total is the run's ledger entries: the payout_sent lines of the batch's payouts.
    const batchPayouts = await t.db.select().from(payouts).where(eq(payouts.batchId, batchId));
    expect(batchPayouts).toHaveLength(details.length);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.account, 'payout_sent'),
          inArray(
            ledgerEntries.payoutId,
            batchPayouts.map((p) => p.id),
          ),
        ),
      );
    const ledgerTotal = entries.reduce((sum, e) => sum + toCents(e.amount), 0);
    expect(toCents(trailer[6])).toBe(ledgerTotal);
    expect(result.totalCents).toBe(ledgerTotal);
    expect(toCents(summary.total)).toBe(ledgerTotal);
    const numbers = details.map((d) => d.split(',')[4]);
    expect(trailer[4]).toBe(controlSumOf(numbers));
    expect(summary.controlSum).toBe(trailer[4]);

    // At rest the file is encrypted: no account number in storage.
    const [row] = await t.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    const stored = (await t.app.storage.get(row.storageKey))?.toString('utf8') ?? '';
    expect(stored).not.toContain('000123456789');

    // A second run the same day pays nobody and makes no file.
    expect((await t.app.services.payouts.run(friday, '2099-03-06')).batchId).toBeNull();

    // Refusals: caregivers and families 403, visitors 401; a bad id 400, an unknown one 404.
    for (const who of [one.cg, one.family]) {
      expect((await t.injectAs(who, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.injectAs(who, { method: 'GET', url: '/api/admin/payouts/batches' })).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.injectAs(admin, { method: 'GET', url: '/api/admin/payouts/batches/abc/batch.csv' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.injectAs(admin, { method: 'GET', url: '/api/admin/payouts/batches/999999/batch.csv' }))
        .statusCode,
    ).toBe(404);
  });

  it('no log line ever holds an account number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const app = await buildApp({
      env: t.env,
      database: { ...t.database, close: async () => {} },
      logger: { ...(loggerOptions('trace') as object), stream },
    });
    await app.ready();
    try {
      const one = await earned(1200);
      const number = '731946285017';
      const headers = one.cg.headers;
      const put = await app.inject({
        method: 'PUT',
        url: '/api/payment-settings',
        headers,
        payload: bankAccount(number),
      });
      expect(put.statusCode).toBe(200);
      await app.inject({
        method: 'PUT',
        url: '/api/payment-settings',
        headers,
        payload: bankAccount(`${number}9999999`),
      });
      await app.inject({ method: 'GET', url: '/api/payment-settings', headers });
      const admin = await signedIn(t.db, { userType: 'admin' });
      const run = await app.services.payouts.run(new Date(Date.now() + 49 * HOUR), '2099-04-03');
      const { batchId } = run;
      expect(batchId).toEqual(expect.any(Number));
      const file = await app.inject({
        method: 'GET',
        url: `/api/admin/payouts/batches/${batchId}/batch.csv`,
        headers: admin.headers,
      });
      expect(file.body).toContain(number);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('\n');
      expect(log).not.toContain(number);
    } finally {
      await app.close();
    }
  });
});
