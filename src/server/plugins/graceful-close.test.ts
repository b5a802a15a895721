import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { sessions } from '../features/auth/sessions';
import { type Job, startScheduler } from '../jobs/scheduler';
import { createUser } from '../test/factories';
import { openTestDatabase, testEnv } from '../test/harness';
import { connectSse } from '../test/sse';
import { closeGracefully } from './graceful-close';

/** A GET over a plain keep-alive connection: status, headers and body once the answer is complete. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: 'keep-alive', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A promise and its resolver, to hold a request or a job at a known point. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

let shared: Database;
beforeAll(async () => {
  shared = await openTestDatabase('pglite');
});
afterAll(async () => {
  await shared?.close();
});

/**
 * A listening app with a request that answers only when told (`release`). With `holdClose`, a stop is
 * held in a last preClose hook (after realtime drained and jobs stopped) until `hold.release()`. The apps
 * share one PGlite database (one boot for the file); each app's `database.close` is a spy.
 */
async function listeningApp({ holdClose = false, jobs = [] as Job[] } = {}) {
  const database = { ...shared, close: vi.fn(async () => {}) };
  const app = await buildApp({ env: testEnv(), database, logger: false });
  const entered = gate();
  const release = gate();
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    entered.open();
    await release.opened;
    return { done: true };
  });
  const reached = gate();
  const released = gate();
  if (holdClose) {
    app.addHook('preClose', async () => {
      reached.open();
      await released.opened;
    });
  }
  const stopJobs = startScheduler(app, jobs, { everyMs: 50 });
  app.addHook('preClose', stopJobs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const hold = { reached: reached.opened, release: released.open };
  return { app, database, url, entered, release, hold };
}

async function signedInToken(app: FastifyInstance) {
  const user = await createUser(app.db, { userType: 'family' });
  return sessions.create(app.db, user.id, {});
}

describe('graceful close (SIGTERM)', () => {
  it('stops accepting, answers the request in flight, ends streams with a retry hint, stops jobs, then closes the database', async () => {
    // A job working through items: it stops between items once told to, and its lock is released.
    const jobStarted = gate();
    let items = 0;
    let sawAbort = false;
    const job: Job = {
      name: 'test.long-job',
      everyMs: 60_000,
      async run({ signal }) {
        jobStarted.open();
        while (!signal.aborted) {
          items += 1;
          await new Promise((r) => setTimeout(r, 5));
        }
        sawAbort = true;
        return items;
      },
    };
    const { app, database, url, entered, release } = await listeningApp({ jobs: [job] });
    const stream = await connectSse(url, await signedInToken(app));
    expect(stream.retryMs).toBe(2000);

    await jobStarted.opened;

    const inFlight = get(`${url}/api/test/slow`);
    await entered.opened;

    // Reaping idle connections is only a safety net: every connection here closes by itself.
    const closing = closeGracefully(app, 60_000);
    // No new connections from now on…
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    // …the stream ends with a short, spread-out reconnection hint…
    await stream.closed;
    expect(stream.retryMs).toBeGreaterThanOrEqual(500);
    expect(stream.retryMs).toBeLessThan(1500);
    // …the job was told to stop…
    await expect.poll(() => sawAbort).toBe(true);
    // …the database stays open for the request in flight…
    expect(database.close).not.toHaveBeenCalled();
    // …which is answered in full, telling its client to use a new connection…
    release.open();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ done: true });
    expect(res.headers.connection).toBe('close');

    // …and then the database closes.
    await closing;
    expect(database.close).toHaveBeenCalledOnce();
  });

  it('answers a stream opened while stopping with the retry hint alone, and closes its connection', async () => {
    const { app, url, hold } = await listeningApp({ holdClose: true });
    const token = await signedInToken(app);
    // Stopping, and held in a late preClose hook: streams are drained, the port still listens.
    const closing = app.close();
    await hold.reached;
    const res = await get(`${url}/api/realtime`, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers.connection).toBe('close');
    expect(res.body).toMatch(/^retry: \d+\n\n$/);
    hold.release();
    await closing;
  });
});
