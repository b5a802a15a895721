import { createHash, timingSafeEqual } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { deliveries, mailOutbox, smsOutbox } from '../db/schema';
import { AppError } from '../errors';

export type JobOutcome = 'ok' | 'failed' | 'skipped';

/** What the rest of the server records; a no-op when METRICS_TOKEN is unset (nobody could read it). */
export interface Metrics {
  readonly enabled: boolean;
  /** A gauge read at every scrape, e.g. the open event streams of this instance. */
  gauge(name: string, help: string, read: () => number): void;
  /** Makes a job's series exist (at 0) before its first run, so rates are right from the start. */
  declareJob(job: string): void;
  /** One run of a background job: `skipped` when another holder had its lock. */
  jobRun(job: string, outcome: JobOutcome, seconds: number): void;
  /** A reconciliation run (ADR 0041): the kinds of the mismatches it found new, and how many are open now. */
  reconciled(newKinds: string[], open: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyContextConfig {
    /** The answer is a long-lived stream (server-sent events): counted, but not a latency sample. */
    streaming?: boolean;
  }
}

export const METRICS_PATH = '/metrics';
/** The route label of requests that matched no route (never the raw URL: ids must not become labels). */
const UNMATCHED = '(unmatched)';
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const disabled: Metrics = { enabled: false, gauge() {}, declareJob() {}, jobRun() {}, reconciled() {} };

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics at GET /metrics, for `Authorization: Bearer $METRICS_TOKEN` only (ADR 0018). Without
 * METRICS_TOKEN nothing is measured and /metrics is an unknown path like any other (the normal 404). One
 * registry per app: the test suite builds many apps in one process.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token?: string }) => {
  if (!opts.token) {
    app.decorate('metrics', disabled);
    return;
  }
  const expected = sha256(opts.token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpLabels = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status class',
    labelNames: httpLabels,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by route pattern and status class',
    labelNames: httpLabels,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Requests answered with a 5xx status, by route pattern',
    labelNames: ['method', 'route'] as const,
    registers,
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    const labels = { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` };
    requests.inc(labels);
    if (status >= 500) serverErrors.inc({ method: req.method, route });
    if (!req.routeOptions.config?.streaming) duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const jobRuns = new Counter({
    name: 'yaadcare_job_runs_total',
    help: 'Background job runs by outcome: ok, failed, or skipped (another instance held the job)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'yaadcare_job_failures_total',
    help: 'Background job runs that threw',
    labelNames: ['job'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'yaadcare_job_duration_seconds',
    help: 'Duration of background job runs that ran (ok or failed)',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers,
  });

  const mismatches = new Counter({
    name: 'yaadcare_reconciliation_mismatches_total',
    help: 'Mismatches between the payment provider and our records found new by reconciliation, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const openMismatches = new Gauge({
    name: 'yaadcare_reconciliation_open_mismatches',
    help: 'Reconciliation mismatches not yet resolved by an admin, as of the last run on this instance',
    registers,
  });

  registerDatabaseGauges(app, registry);

  app.decorate('metrics', {
    enabled: true,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    },
    declareJob(job) {
      for (const outcome of ['ok', 'failed', 'skipped'] as const) jobRuns.inc({ job, outcome }, 0);
      jobFailures.inc({ job }, 0);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (outcome === 'failed') jobFailures.inc({ job });
      if (outcome !== 'skipped') jobDuration.observe({ job }, seconds);
    },
    reconciled(newKinds, open) {
      for (const kind of newKinds) mismatches.inc({ kind });
      openMismatches.set(open);
    },
  } satisfies Metrics);

  // Decided before anything else of the request is looked at; one answer for a missing and a wrong token.
  const requireToken = async (req: FastifyRequest) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (m && timingSafeEqual(sha256(m[1]), expected)) return;
    throw new AppError(401, 'A valid metrics token is required.', {
      headers: { 'www-authenticate': 'Bearer realm="metrics"' },
    });
  };
  app.get(METRICS_PATH, { schema: { hide: true }, onRequest: requireToken }, async (_req, reply) => {
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });

  app.addHook('onClose', async () => registry.clear());
});

/** The node-postgres pool (PGlite has none: one in-process connection) and the outbox backlog. */
function registerDatabaseGauges(app: FastifyInstance, registry: Registry) {
  const registers = [registry];
  const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = app.database.poolStats?.();
        if (stats) this.set(pick(stats));
      },
    });
  if (app.database.poolStats) {
    pool('yaadcare_db_pool_connections', 'Open connections of the PostgreSQL pool', (s) => s.total);
    pool('yaadcare_db_pool_idle_connections', 'Idle connections of the PostgreSQL pool', (s) => s.idle);
    pool('yaadcare_db_pool_waiting_clients', 'Queries waiting for a pool connection', (s) => s.waiting);
    pool('yaadcare_db_pool_max_connections', 'Size limit of the PostgreSQL pool', (s) => s.max);
  }
  new Gauge({
    name: 'yaadcare_db_info',
    help: 'The database this instance uses (kind: postgres or pglite); always 1',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.set({ kind: app.database.kind }, 1);
    },
  });
  new Gauge({
    name: 'yaadcare_outbox_backlog',
    help:
      'Mail and SMS kept in the outbox tables instead of being handed to a provider (all of them while no ' +
      'SMTP_URL or SMS provider is configured)',
    labelNames: ['channel'] as const,
    registers,
    async collect() {
      try {
        const [[mail], [sms]] = await Promise.all([
          app.db.select({ n: count() }).from(mailOutbox),
          app.db.select({ n: count() }).from(smsOutbox),
        ]);
        this.set({ channel: 'mail' }, mail?.n ?? 0);
        this.set({ channel: 'sms' }, sms?.n ?? 0);
      } catch (err) {
        // A scrape still answers (with the other metrics) while the database does not.
        this.reset();
        app.log.warn({ err }, 'metrics: outbox backlog not counted');
      }
    },
  });
  new Gauge({
    name: 'yaadcare_delivery_backlog',
    help: 'Notices queued in the delivery outbox (ADR 0033): waiting for quiet hours, a retry, or the next run',
    labelNames: ['channel'] as const,
    registers,
    async collect() {
      try {
        const rows = await app.db
          .select({ channel: deliveries.channel, n: count() })
          .from(deliveries)
          .where(eq(deliveries.status, 'queued'))
          .groupBy(deliveries.channel);
        for (const channel of ['email', 'sms', 'whatsapp'] as const) {
          this.set({ channel }, rows.find((r) => r.channel === channel)?.n ?? 0);
        }
      } catch (err) {
        this.reset();
        app.log.warn({ err }, 'metrics: delivery backlog not counted');
      }
    },
  });
}
