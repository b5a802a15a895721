import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from './adapters/payments';
import { ledgerEntries } from './db/schema';
import { useTestApp } from './test/harness';
import { type MoneyEffects, moneyScenarios, PARALLEL } from './test/money-races/registry';
import { JOBS } from './wiring/jobs';
import './test/money-races/scenarios';

/**
 * One intent, one charge (issue 30, ADR 0042): every money-moving route and job, fired 20 times at once by
 * the same user with the same headers and body, moves the money once: one hold or charge (or capture, void,
 * refund, resize) at the provider, one ledger transaction, and no answer is a 5xx.
 *
 * Routes join by `config: { moneyMoving: true }` and jobs by `moneyMoving: true`; the first test fails for
 * any flagged one without a scenario in test/money-races/scenarios.ts.
 */

const flaggedJobs = () => JOBS.filter((j) => j.moneyMoving).map((j) => `job:${j.name}`);

describe('the race harness covers every money-moving route and job', () => {
  const t = useTestApp('pglite');

  it('has a scenario for each flagged route and job, and no scenario for anything unflagged', () => {
    const flagged = [...t.app.moneyRoutes, ...flaggedJobs()].sort();
    const covered = new Set(moneyScenarios().map((s) => s.covers));
    expect(
      flagged.filter((f) => !covered.has(f)),
      'money-moving without a race scenario',
    ).toEqual([]);
    expect(
      [...covered].filter((c) => !flagged.includes(c)),
      'scenarios of unflagged routes',
    ).toEqual([]);
    // The registry is not emptied by accident (a route losing its flag would shrink it silently).
    expect(t.app.moneyRoutes.length).toBeGreaterThanOrEqual(13);
    expect(t.app.moneyRoutes).toContain('POST /api/subscriptions/me/plan');
  });
});

const EFFECTS: (keyof MoneyEffects)[] = ['holds', 'captures', 'voids', 'refunds', 'resizes', 'ledgerTxns'];

/**
 * PostgreSQL only: the embedded database (PGlite) has one connection and so runs every transaction one
 * after another, so it can never show a race; on PostgreSQL the 20 requests share a pool and really overlap.
 * One fresh app and database per scenario, so every hold and ledger transaction counted is the scenario's.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('one intent, one charge on PostgreSQL', () => {
  for (const scenario of moneyScenarios()) {
    describe(scenario.covers, () => {
      const t = useTestApp('postgres');
      const n = scenario.parallel ?? PARALLEL;

      it(`${scenario.name}: ${n} at once move the money once`, async () => {
        // The provider is watched from before the setup, so holds the setup made are not the race's. Calls
        // are counted, not the sandbox's state: a twin asking twice is a bug even where a key dedupes it.
        const provider = t.app.payments as SandboxProvider;
        let racing = false;
        const seen = new Set<string>();
        const raced = new Set<string>();
        const calls = { captures: 0, voids: 0, refunds: 0, resizes: 0 };
        const authorize = provider.authorize.bind(provider);
        provider.authorize = async (input) => {
          const result = await authorize(input);
          if (result.ok && !seen.has(result.providerRef)) (racing ? raced : seen).add(result.providerRef);
          return result;
        };
        const spy = (name: 'capture' | 'void' | 'refund' | 'resizeHold', count: keyof typeof calls) => {
          const original = (provider[name] as (...a: unknown[]) => Promise<unknown>).bind(provider);
          (provider as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => {
            if (racing) calls[count]++;
            return original(...a);
          };
        };
        spy('capture', 'captures');
        spy('void', 'voids');
        spy('refund', 'refunds');
        spy('resizeHold', 'resizes');
        const fire = await scenario.setup(t.app, t.database.db);
        const txns = async () => {
          const [row] = await t.database.db
            .select({ n: sql<number>`count(distinct ${ledgerEntries.txnId})::int` })
            .from(ledgerEntries);
          return Number(row.n);
        };
        const txnsBefore = await txns();
        racing = true;

        const answers = await Promise.all(Array.from({ length: n }, () => fire()));
        racing = false;

        const statuses = answers.map((a) => a.statusCode);
        const failed = answers.filter((a) => a.statusCode >= 500);
        expect(
          failed.map((a) => a.body),
          'no answer is a 5xx',
        ).toEqual([]);
        expect(
          statuses.some((s) => s >= 200 && s < 300),
          `one succeeded: ${statuses.join(',')}`,
        ).toBe(true);
        const moved: MoneyEffects = {
          holds: raced.size,
          ...calls,
          ledgerTxns: (await txns()) - txnsBefore,
        };
        const expected = Object.fromEntries(EFFECTS.map((e) => [e, scenario.expect[e] ?? 0]));
        expect(moved).toEqual(expected);
      }, 120_000);
    });
  }
});
