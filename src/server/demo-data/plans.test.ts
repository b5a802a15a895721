import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerRepo } from '../core/ledger/repo';
import { subscriptionCharges, subscriptions, users } from '../db/schema';
import { DEMO_FAMILY_EMAIL } from './index';
import { seedDemoForThisFile } from './testing';

const demo = seedDemoForThisFile();

describe('demo plans', () => {
  it('has one live subscriber per paid plan, paid in the ledger; the demo family stays on Basic', async () => {
    const rows = await demo
      .db()
      .select({ plan: subscriptions.plan, status: subscriptions.status, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId));
    expect(rows.map((r) => [r.plan, r.status]).sort()).toEqual([
      ['family', 'active'],
      ['premium', 'active'],
    ]);
    expect(rows.map((r) => r.email)).not.toContain(DEMO_FAMILY_EMAIL);
    const charges = await demo.db().select().from(subscriptionCharges);
    expect(charges.map((c) => c.amount).sort()).toEqual(['1999.00', '999.00']);
    expect(await ledgerRepo.unbalancedTxns(demo.db())).toEqual([]);
  });
});
