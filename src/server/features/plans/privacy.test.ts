import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { plansOf } from './testing';

describe.each(DB_KINDS)('plans in the privacy export on %s', (kind) => {
  const t = useTestApp(kind);
  const api = plansOf(() => t.app);

  it('exports my plans and plan charges, never the provider reference or another family’s', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const other = await signedIn(t.database.db, { userType: 'family' });
    expect((await api.subscribe(family, 'family')).statusCode).toBe(201);
    expect((await api.subscribe(other, 'premium')).statusCode).toBe(201);
    expect((await api.cancel(family)).statusCode).toBeLessThan(300);

    const res = await t.injectAs(family, { method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    const { plans } = res.json();
    expect(plans.subscriptions).toMatchObject([{ plan: 'family', cancelAtPeriodEnd: true }]);
    expect(plans.charges).toMatchObject([
      { plan: 'family', amountJmd: '999.00', status: expect.any(String) },
    ]);
    const text = JSON.stringify(plans);
    expect(text).not.toMatch(/providerRef|provider_ref|savedCardId|premium/);
  });
});
