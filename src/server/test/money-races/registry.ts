import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/**
 * The race harness's scenario table (ADR 0042). A route registered with `config: { moneyMoving: true }` or a
 * job with `moneyMoving: true` joins the harness by registering one scenario here (scenarios.ts); the harness
 * (src/server/money-races.test.ts) fails while a flagged route or job has none.
 */

/** What one operation may move; the harness counts each, and anything not named must stay 0. */
export interface MoneyEffects {
  /** New successful authorizations (holds or charges) at the provider. */
  holds: number;
  /** capture, void, refund and resizeHold calls at the provider. */
  captures: number;
  voids: number;
  refunds: number;
  resizes: number;
  /** New ledger transactions (ledger_entries grouped by txn_id). */
  ledgerTxns: number;
}

/** One answer of the operation: an HTTP status (a job that resolves is 200, one that throws 500). */
export interface Fired {
  statusCode: number;
  body: string;
}

export interface MoneyScenario {
  /** What is raced, in words. */
  name: string;
  /** The flagged route ('POST /api/payments', as registered) or job ('job:plans.renewals') it covers. */
  covers: string;
  /**
   * Builds the subject with factories and API calls on a fresh app and database, and answers the one
   * operation the harness fires `parallel` times at once: the same user, headers and body every time.
   */
  setup(app: FastifyInstance, db: Db): Promise<() => Promise<Fired>>;
  /** What ONE such operation moves (everything unnamed is 0): the twins must add nothing. */
  expect: Partial<MoneyEffects>;
  /** How many at once (default 20). */
  parallel?: number;
}

const table: MoneyScenario[] = [];

/** Adds a scenario to the harness: one entry per money-moving route or job (more are welcome). */
export function registerMoneyScenario(scenario: MoneyScenario): void {
  table.push(scenario);
}

export function moneyScenarios(): readonly MoneyScenario[] {
  return table;
}

export const PARALLEL = 20;
