import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { deliveries } from '../db/schema';
import { runJob } from '../jobs/scheduler';
import { errorBody } from '../test/error-body';
import { bearer, createUser, loginToken } from '../test/factories';
import { DB_KINDS, testEnv, useTestApp } from '../test/harness';

const TOKEN = 'metrics-token-for-tests-0123456789';
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample of a scrape (undefined when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics without METRICS_TOKEN, and an app with one beside it', () => {
  const t = useTestApp('pglite');

  it('is an unknown path: the normal 404, whatever the Authorization header', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const headers of [{}, scrapeHeaders]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      // The not-found page is server-rendered: only its render timestamps differ.
      const stamps = (body: string) => body.replace(/\d{13}/g, '<time>');
      expect(stamps(res.body)).toBe(stamps(unknown.body));
    }
    expect(t.app.metrics.enabled).toBe(false);
  });

  it('counts 5xx answers as errors, and the token never reaches the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const app = await buildApp({
      env: testEnv({ metricsToken: TOKEN }),
      // This file's first database, shared (the app closing it would end the other app's).
      database: { ...t.database, close: async () => {} },
      logger: { ...(loggerOptions('trace') as object), stream },
    });
    try {
      app.get('/api/test-failure', { config: { access: 'public' } }, async () => {
        throw new Error('boom');
      });
      expect((await app.inject({ method: 'GET', url: '/api/test-failure' })).statusCode).toBe(500);
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders })).body;
      expect(sample(text, 'http_server_errors_total', { route: '/api/test-failure' })).toBe(1);
      expect(sample(text, 'http_requests_total', { route: '/api/test-failure', status_class: '5xx' })).toBe(
        1,
      );
      await app.inject({
        method: 'GET',
        url: `/metrics?token=${TOKEN}`,
        headers: { authorization: 'Bearer no' },
      });
      app.log.info({ env: app.env }, 'the environment, should anyone ever log it');
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe.each(DB_KINDS)('/metrics on %s', (kind) => {
  const t = useTestApp(kind, { metricsToken: TOKEN });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a missing, wrong or non-Bearer token alike: 401 with the normal error body', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const headers = authorization === undefined ? {} : { authorization };
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual(errorBody(res, 'UNAUTHENTICATED', 'A valid metrics token is required.'));
    }
    // A signed-in user's session token is no metrics token, an admin's neither.
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(await loginToken(t.app, admin.email)),
    });
    expect(res.statusCode).toBe(401);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('counts requests per route pattern (never the raw URL) and status class, with latency histograms', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/caregivers/:id', status_class: '4xx' };
    const countBefore = sample(before, 'http_request_duration_seconds_count', labels) ?? 0;
    for (const id of [987654, 987655, 987656]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/caregivers/${id}` })).statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(countBefore + 3);
    expect(sample(after, 'http_requests_total', labels)).toBe(countBefore + 3);
    expect(
      sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'http_requests_total', { route: '/api/health', status_class: '2xx' })).toBe(1);
    // Ids stay out of the labels; an unmatched path is one series, not one per URL.
    expect(after).not.toContain('987654');
    await t.app.inject({ method: 'POST', url: '/api/no-such-thing/123456' });
    expect(await scrape()).toMatch(
      /http_requests_total\{method="POST",route="\(unmatched\)",status_class="4xx"\} 1/,
    );
    expect(await scrape()).not.toContain('123456');
  });

  it('counts job runs and failures per job, and reports the outbox backlog, SSE clients and the database', async () => {
    const ok = { name: `metrics-ok-${kind}`, everyMs: 60_000, run: async () => 'done' };
    const bad = {
      name: `metrics-bad-${kind}`,
      everyMs: 60_000,
      run: async () => {
        throw new Error('the job failed');
      },
    };
    await runJob(t.app, ok);
    await runJob(t.app, ok);
    await expect(runJob(t.app, bad)).rejects.toThrow('the job failed');
    const mailBefore = sample(await scrape(), 'yaadcare_outbox_backlog', { channel: 'mail' }) ?? 0;
    await t.app.mailer.send({ to: 'queued@example.test', subject: 'Queued', text: 'Kept in the outbox' });
    // One notice queued in the delivery outbox and not yet sent (ADR 0033).
    const smsBefore = sample(await scrape(), 'yaadcare_delivery_backlog', { channel: 'sms' }) ?? 0;
    const someone = await createUser(t.app.db);
    await t.app.db.insert(deliveries).values({
      userId: someone.id,
      kind: 'visit.no_show',
      channel: 'sms',
      destination: '+18765550100',
      body: 'YaadCare: No check-in yet.',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const text = await scrape();
    expect(sample(text, 'yaadcare_job_runs_total', { job: ok.name, outcome: 'ok' })).toBe(2);
    expect(sample(text, 'yaadcare_job_runs_total', { job: bad.name, outcome: 'failed' })).toBe(1);
    expect(sample(text, 'yaadcare_job_failures_total', { job: bad.name })).toBe(1);
    expect(sample(text, 'yaadcare_job_failures_total', { job: ok.name })).toBeUndefined();
    expect(sample(text, 'yaadcare_job_duration_seconds_count', { job: ok.name })).toBe(2);
    expect(sample(text, 'yaadcare_outbox_backlog', { channel: 'mail' })).toBe(mailBefore + 1);
    expect(sample(text, 'yaadcare_outbox_backlog', { channel: 'sms' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'yaadcare_delivery_backlog', { channel: 'sms' })).toBe(smsBefore + 1);
    expect(sample(text, 'yaadcare_delivery_backlog', { channel: 'whatsapp' })).toBe(0);
    expect(sample(text, 'yaadcare_sse_clients')).toBe(0);
    expect(sample(text, 'yaadcare_db_info', { kind })).toBe(1);
    // The pool is node-postgres's; PGlite has one in-process connection and no pool to report.
    if (kind === 'postgres') {
      expect(sample(text, 'yaadcare_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'yaadcare_db_pool_waiting_clients')).toBe(0);
      expect(sample(text, 'yaadcare_db_pool_max_connections')).toBe(5);
    } else {
      expect(text).not.toContain('yaadcare_db_pool_');
    }
    // prom-client's process metrics.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
