import { beforeAll, describe, expect, it } from 'vitest';
import { reconciliationJob } from '../features/payments/jobs';
import { runJob } from '../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../test/harness';
import { seedDemoDataIfEmpty } from './index';

/** Issue 30's "done when": the demo's money, as seeded, agrees with the sandbox provider's record. */
describe.each(DB_KINDS)('reconciliation of the demo data on %s', (kind) => {
  const t = useTestApp(kind);

  beforeAll(async () => {
    await seedDemoDataIfEmpty(t.database.db, { passwordHash: 'not-used-here' });
  });

  it('finds zero mismatches over every seeded payment and plan charge', async () => {
    const ops = await t.app.payments.listOperations({});
    expect(ops.filter((o) => o.kind === 'authorize').length).toBeGreaterThan(10);
    expect(ops.some((o) => o.kind === 'capture')).toBe(true);
    const { result } = await runJob(t.app, reconciliationJob, new Date());
    expect(result).toMatchObject({ found: 0, newFound: 0, operations: ops.length });
  });
});
