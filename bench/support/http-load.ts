/**
 * An HTTP load client in its own process (forked by `startLoadClient`), so that it takes no event-loop
 * time from the server it measures. Closed loop: `concurrency` keep-alive connections, each sending the
 * next request when the previous answer has been read, for `seconds`. Latencies are timed with
 * process.hrtime.bigint (sub-millisecond; autocannon's are whole milliseconds), from the request to the
 * last byte of the answer.
 */
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { type Child, forkChild } from './server-control';

export interface LoadRequest {
  type: 'run';
  url: string;
  concurrency: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadRun {
  /** Latency of each request, µs. */
  latenciesUs: number[];
  elapsedMs: number;
  non2xx: number;
  errors: number;
}

export interface LoadClient {
  pid: number;
  run(r: Omit<LoadRequest, 'type'>): Promise<LoadRun>;
  stop(): void;
}

/** Starts the client process; `run` may be called many times (connections stay open between runs). */
export async function startLoadClient(): Promise<LoadClient> {
  const { child } = await forkChild<null>(fileURLToPath(import.meta.url), ['--child']);
  return {
    pid: child.process.pid as number,
    run: (r) => child.request<LoadRun>({ type: 'run', ...r }),
    stop: () => stopChild(child),
  };
}

function stopChild(child: Child) {
  child.process.disconnect();
}

const pools = new Map<string, Pool>();

/** One undici pool per origin and concurrency: its connections stay open between runs. */
function poolFor(origin: string, concurrency: number): Pool {
  const key = `${origin} ${concurrency}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
    pools.set(key, pool);
  }
  return pool;
}

async function once(pool: Pool, path: string, headers: Record<string, string>): Promise<number> {
  const res = await pool.request({ method: 'GET', path, headers });
  // Read the whole answer (the last byte is when the client has it), without decoding it.
  for await (const _ of res.body) {
  }
  return res.statusCode;
}

async function run(r: LoadRequest): Promise<LoadRun> {
  const url = new URL(r.url);
  const pool = poolFor(url.origin, r.concurrency);
  const path = url.pathname + url.search;
  const latenciesUs: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = process.hrtime.bigint();
  const end = started + BigInt(Math.round(r.seconds * 1e9));
  await Promise.all(
    Array.from({ length: r.concurrency }, async () => {
      for (;;) {
        const t0 = process.hrtime.bigint();
        if (t0 >= end) return;
        try {
          const status = await once(pool, path, r.headers ?? {});
          if (status < 200 || status > 299) non2xx += 1;
          latenciesUs.push(Number(process.hrtime.bigint() - t0) / 1000);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { latenciesUs, elapsedMs: Number(process.hrtime.bigint() - started) / 1e6, non2xx, errors };
}

if (process.argv.includes('--child')) {
  process.on('message', (m: { id: number; request: LoadRequest }) => {
    run(m.request).then(
      (body) => process.send?.({ id: m.id, body }),
      (err: Error) => process.send?.({ id: m.id, error: err.stack ?? String(err) }),
    );
  });
  // Stopped, or the benchmark died: leave at once, even mid-run.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ id: 0, body: null });
}
