/**
 * A YaadCare server in its own process, as in production (one `node` per instance), driven by a benchmark
 * over IPC (`startServer` in server-control.ts forks this file). It opens a database that the benchmark
 * already created and seeded, builds the real app with the production logger, listens on 127.0.0.1:<free
 * port>, and answers the benchmark's messages:
 * - memory: process.memoryUsage() (optionally after a full GC, when started with --expose-gc);
 * - capture: the statements (text, name, values) that one request to `path` sends to node-postgres;
 * - raw: runs captured statements straight through the server's own pool, `concurrency` at a time,
 *   for `seconds`, and returns each run's latency (the reference the server is compared with);
 * - bare: starts (once) a bare node:http server in this process, on the same pool, that answers every
 *   request by running the given statements and writing the last one's first row as the JSON body: the
 *   least any server can do for the same answer (the second reference);
 * - stop: closes the app and exits (a --cpu-prof profile is written then).
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { destination as logDestination } from 'pino';
import { buildApp, loggerOptions } from '../../src/server/app';
import { type DatabaseOptions, openDatabase } from '../../src/server/db/client';
import { seedBadgeCatalog } from '../../src/server/demo-data';
import { startScheduler } from '../../src/server/jobs/scheduler';
import { JOBS } from '../../src/server/wiring/jobs';
import { benchEnv } from './targets';

export interface ServerConfig {
  database: DatabaseOptions;
  /**
   * LOG_LEVEL of the server (production default: info). Its lines are written as in production (pino,
   * synchronously) to `logFile`, default /dev/null.
   */
  logLevel: string;
  logFile?: string;
  /** Run the background jobs, as the production server does (main.ts). */
  jobs: boolean;
}

export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

export type ServerRequest =
  | { type: 'memory'; gc?: boolean }
  | { type: 'capture'; path: string }
  | { type: 'raw'; statements: Statement[]; concurrency: number; seconds: number }
  | { type: 'bare'; statements: Statement[] }
  | { type: 'stop' };

export interface RawRun {
  /** Latency of each run of the statements, µs. */
  latenciesUs: number[];
  elapsedMs: number;
}

type Reply = (message: unknown) => void;

async function main() {
  const config = JSON.parse(process.argv[2]) as ServerConfig;
  const database = await openDatabase(config.database);
  await seedBadgeCatalog(database.db);
  const env = benchEnv({ LOG_LEVEL: config.logLevel, DEMO_MODE: '0' });
  const destination = logDestination({ dest: config.logFile ?? '/dev/null', sync: true });
  const logger = { ...(loggerOptions(config.logLevel) as object), stream: destination };
  const app = await buildApp({ env, database, logger, webRenderer: null });
  const stopJobs = config.jobs ? startScheduler(app, JOBS) : async () => {};
  app.addHook('preClose', stopJobs);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const pool = (database.db as unknown as { $client?: unknown }).$client;

  const send: Reply = (message) => process.send?.(message);
  // The benchmark ended (or died) without a stop: do not outlive it.
  process.on('disconnect', () => {
    app.server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
  process.on('message', (raw: { id: number; request: ServerRequest }) => {
    const reply = (body: unknown) => send({ id: raw.id, body });
    handle(raw.request).then(reply, (err: Error) => send({ id: raw.id, error: err.stack ?? String(err) }));
  });

  async function handle(request: ServerRequest): Promise<unknown> {
    switch (request.type) {
      case 'memory':
        if (request.gc) (globalThis as { gc?: () => void }).gc?.();
        return process.memoryUsage();
      case 'capture':
        return capture(request.path);
      case 'raw':
        return runRaw(request.statements, request.concurrency, request.seconds);
      case 'bare':
        return bare(request.statements);
      case 'stop':
        bareServer?.closeAllConnections();
        bareServer?.close();
        app.server.closeAllConnections();
        await app.close();
        destination.flushSync();
        setImmediate(() => process.exit(0));
        return null;
    }
  }

  /** The statements one request sends through the pool, in order (PostgreSQL only). */
  async function capture(path: string): Promise<Statement[]> {
    if (!(pool instanceof pg.Pool)) throw new Error('capture needs PostgreSQL (node-postgres pool)');
    const seen: Statement[] = [];
    const original = pool.query;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const [first, second] = args;
      if (typeof first === 'string') seen.push({ text: first, values: second as unknown[] | undefined });
      else if (first && typeof first === 'object' && 'text' in first) {
        const q = first as pg.QueryConfig;
        seen.push({ name: q.name, text: q.text, values: q.values });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    } finally {
      pool.query = original;
    }
    return seen;
  }

  let bareServer: ReturnType<typeof createServer> | undefined;
  let bareStatements: Statement[] = [];
  let barePort: Promise<number> | undefined;
  /** The bare reference server (see the header); later calls only change its statements. */
  function bare(statements: Statement[]): Promise<number> {
    if (!(pool instanceof pg.Pool)) throw new Error('the bare server needs PostgreSQL (node-postgres pool)');
    bareStatements = statements;
    barePort ??= new Promise((resolve) => {
      const server = createServer(async (_req, res) => {
        try {
          let last: pg.QueryResult | undefined;
          for (const s of bareStatements) {
            last = await pool.query({ name: s.name, text: s.text, values: s.values as unknown[] });
          }
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(last?.rows[0] ?? null));
        } catch (err) {
          res.writeHead(500).end(String(err));
        }
      });
      bareServer = server;
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
    return barePort;
  }

  /** The captured statements run straight on the pool: `concurrency` loops, each one run at a time. */
  async function runRaw(statements: Statement[], concurrency: number, seconds: number): Promise<RawRun> {
    if (!(pool instanceof pg.Pool)) throw new Error('raw runs need PostgreSQL (node-postgres pool)');
    const latenciesUs: number[] = [];
    const started = process.hrtime.bigint();
    const end = started + BigInt(Math.round(seconds * 1e9));
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const t0 = process.hrtime.bigint();
          if (t0 >= end) return;
          for (const s of statements) {
            await pool.query({ name: s.name, text: s.text, values: s.values as unknown[] });
          }
          latenciesUs.push(Number(process.hrtime.bigint() - t0) / 1000);
        }
      }),
    );
    return { latenciesUs, elapsedMs: Number(process.hrtime.bigint() - started) / 1e6 };
  }

  send({ id: 0, body: { port } });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
