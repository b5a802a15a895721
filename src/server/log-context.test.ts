import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { runJob } from './jobs/scheduler';
import { createUser } from './test/factories';
import { openTestDatabase, testEnv } from './test/harness';

type Line = Record<string, unknown> & { msg?: string };

describe('every log line carries a correlation id', () => {
  const raw: string[] = [];
  let app: FastifyInstance;
  /** The lines written since `from` (an index into raw), parsed. */
  const linesSince = (from: number): Line[] => raw.slice(from).map((l) => JSON.parse(l) as Line);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        raw.push(...chunk.toString().split('\n').filter(Boolean));
        cb();
      },
    });
    app = await buildApp({
      // Demo mode: the outbox mailer prints each mail through app.log, from inside the request that sent it.
      env: testEnv({ demoMode: true }),
      database: await openTestDatabase('pglite'),
      logger: { ...(loggerOptions('info') as object), stream },
    });
    // What a service built once does: log through app.log (not req.log), then fail.
    app.get('/api/test-failing', { config: { access: 'public' } }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      app.log.warn({ step: 'before failing' }, 'a service logs through app.log');
      throw new Error('the service failed');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a failing request: every line has its request id, once, whichever logger wrote it', async () => {
    const from = raw.length;
    const res = await app.inject({
      method: 'GET',
      url: '/api/test-failing',
      headers: { 'x-request-id': 'failing-request-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('failing-request-1');
    expect(res.json().requestId).toBe('failing-request-1');
    const lines = linesSince(from);
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['a service logs through app.log', 'unhandled error', 'request completed']),
    );
    for (const line of lines) expect(line.reqId).toBe('failing-request-1');
    // Never twice in one line (req.log already carries it; the context adds it only where missing).
    for (const text of raw.slice(from)) expect(text.match(/"reqId"/g)).toHaveLength(1);
  });

  it('a request whose mail is echoed to the log by the outbox mailer: the echo has the request id', async () => {
    const user = await createUser(app.db, { email: 'correlate@example.test' });
    const from = raw.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    const lines = linesSince(from);
    const echo = lines.find((l) => String(l.msg).startsWith('demo outbox: mail to correlate@example.test'));
    expect(echo?.reqId).toBe(res.headers['x-request-id']);
    for (const line of lines) expect(line.reqId).toBe(res.headers['x-request-id']);
  });

  it("a job run: every line has the run's id and the job's name, a failure included", async () => {
    const job = {
      name: 'log-context-test-job',
      everyMs: 60_000,
      async run() {
        app.log.info('the job logs through app.log');
        await new Promise((r) => setTimeout(r, 1));
        throw new Error('the job failed');
      },
    };
    const from = raw.length;
    await expect(runJob(app, job)).rejects.toThrow('the job failed');
    await expect(runJob(app, { ...job, run: async () => 'second run' })).resolves.toEqual({
      ran: true,
      result: 'second run',
    });
    const lines = linesSince(from);
    expect(lines.map((l) => l.msg)).toEqual(['the job logs through app.log', 'job failed', 'job ran']);
    for (const line of lines) {
      expect(line.job).toBe(job.name);
      expect(line.runId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.reqId).toBeUndefined();
    }
    // One id per run: the failing run's two lines share theirs, the next run has its own.
    expect(lines[0].runId).toBe(lines[1].runId);
    expect(lines[2].runId).not.toBe(lines[0].runId);
  });

  it('work started outside any request or run has no id to borrow, and is not given a stale one', async () => {
    const from = raw.length;
    app.log.info('outside');
    expect(linesSince(from)).toEqual([expect.not.objectContaining({ reqId: expect.anything() })]);
    expect(app.logContext.current()).toBeUndefined();
  });
});
