import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fxRates } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';

/** The app's clock: 20 Nov 2026, 11 PM in Jamaica (already the 21st in UTC). */
const NOW = new Date('2026-11-21T04:00:00Z');

describe.each(DB_KINDS)('exchange rates on %s', (kind) => {
  const t = useTestApp(kind, {}, () => NOW);
  const put = (headers: Record<string, string>, currency: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/fx-rates/${currency}`,
      headers,
      payload: payload as object,
    });
  const list = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/fx-rates', headers });

  it('an admin sets a rate; every signed-in user reads the rates with their dates', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const res = await put(admin.headers, 'usd', { jmdPerUnit: '157.2', rateDate: '2026-11-20' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'USD',
      jmdPerUnit: '157.2000',
      rateDate: '2026-11-20',
      updatedAt: NOW.toISOString(),
    });
    // Set again: replaced, not added; a number is taken as well as a decimal string.
    expect((await put(admin.headers, 'USD', { jmdPerUnit: 158.05, rateDate: '2026-11-20' })).statusCode).toBe(
      200,
    );
    expect(
      (await put(admin.headers, 'GBP', { jmdPerUnit: '199.8125', rateDate: '2026-11-19' })).statusCode,
    ).toBe(200);
    const [usd] = await t.db.select().from(fxRates).where(eq(fxRates.currency, 'USD'));
    expect(usd).toMatchObject({ jmdPerUnit: '158.0500', updatedBy: admin.user.id });

    for (const userType of ['family', 'caregiver', 'admin'] as const) {
      const who = await signedIn(t.db, { userType });
      const read = await list(who.headers);
      expect(read.statusCode).toBe(200);
      const rates = read
        .json()
        .rates.filter((r: { currency: string }) => ['USD', 'GBP'].includes(r.currency));
      expect(rates).toEqual([
        expect.objectContaining({ currency: 'GBP', jmdPerUnit: '199.8125', rateDate: '2026-11-19' }),
        expect.objectContaining({ currency: 'USD', jmdPerUnit: '158.0500', rateDate: '2026-11-20' }),
      ]);
    }
    expect((await list({})).statusCode).toBe(401);
  });

  it('only admins set rates: a family or caregiver 403, a visitor 401, and nothing changes', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const carer = await signedIn(t.db, { userType: 'caregiver' });
    const body = { jmdPerUnit: '1999', rateDate: '2026-11-20' };
    expect((await put(family.headers, 'CAD', body)).statusCode).toBe(403);
    expect((await put(carer.headers, 'CAD', body)).statusCode).toBe(403);
    expect((await put({}, 'CAD', body)).statusCode).toBe(401);
    // Refused before the body is looked at: a nonsense body is still 403, not 400.
    expect((await put(family.headers, 'XXX', { jmdPerUnit: 'x' })).statusCode).toBe(403);
    expect(await t.db.select().from(fxRates).where(eq(fxRates.currency, 'CAD'))).toEqual([]);
  });

  it('refuses a rate that is no positive number within bounds, or a date that is not a past or present day', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const bad: [string, object, string][] = [
      ['EUR', { jmdPerUnit: 0, rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '-170', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '0.0058', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '17000', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '170.12345', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '1e2', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: 'NaN', rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: true, rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: null, rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { rateDate: '2026-11-20' }, 'jmdPerUnit'],
      ['EUR', { jmdPerUnit: '170', rateDate: '2026-02-30' }, 'rateDate'],
      ['EUR', { jmdPerUnit: '170', rateDate: '20/11/2026' }, 'rateDate'],
      ['EUR', { jmdPerUnit: '170' }, 'rateDate'],
      // Tomorrow in Jamaica (though it is already the 21st in UTC), and long ago.
      ['EUR', { jmdPerUnit: '170', rateDate: '2026-11-21' }, 'rateDate'],
      ['EUR', { jmdPerUnit: '170', rateDate: '1999-12-31' }, 'rateDate'],
      ['JPY', { jmdPerUnit: '1.05', rateDate: '2026-11-20' }, 'currency'],
      ['JMD', { jmdPerUnit: '1', rateDate: '2026-11-20' }, 'currency'],
    ];
    for (const [currency, body, field] of bad) {
      const res = await put(admin.headers, currency, body);
      expect(res.statusCode, `${currency} ${JSON.stringify(body)}`).toBe(400);
      expect(
        res
          .json()
          .errors?.map((e: { path: string }) => e.path)
          .join(' '),
      ).toContain(field);
    }
    expect(await t.db.select().from(fxRates).where(eq(fxRates.currency, 'EUR'))).toEqual([]);
    // Today in Jamaica is fine.
    expect((await put(admin.headers, 'EUR', { jmdPerUnit: '170', rateDate: '2026-11-20' })).statusCode).toBe(
      200,
    );
  });
});
