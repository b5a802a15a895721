/**
 * npm run bench:search
 *
 * Seeds 50,000 caregivers (plus the demo data) into a fresh database, starts the real server in its own
 * process (production settings and logger, pool of BENCH_POOL connections), and measures five typical
 * searches side by side with their own SQL in one run:
 * - concurrency 1: the server's latency over keep-alive HTTP from a client process (hrtime, µs) against
 *   the same statements the endpoint sends (captured from one request) run straight through the server's
 *   own node-postgres pool, one at a time. Budgets: server p50 − SQL p50 ≤ 0.5 ms; server p99 ≤ 3 ms.
 * - concurrency 10: the server's throughput against those statements run by 10 concurrent loops through
 *   the same pool. Budget: server ≥ 70 % of the SQL's.
 * - beside both, a bare node:http server in the server's process that runs the same statements on the same
 *   pool and writes the row (server-process.ts `bare`): what HTTP alone costs on this machine, so that the
 *   server's overhead can be told from HTTP's.
 * Server, SQL and bare server alternate in BENCH_ROUNDS rounds, so that the machine's other load falls on both alike.
 * Also records the server's RSS at idle and after the benchmark. Writes bench/results/search.json.
 *
 * PostgreSQL when DATABASE_URL is set (a fresh database next to the one it names, dropped at the end);
 * PGlite (server only: its SQL runs in the server's own thread) with BENCH_PGLITE=1 or without
 * DATABASE_URL. The budgets are PostgreSQL's.
 *
 * Options (environment): BENCH_CAREGIVERS (default 50000), BENCH_SECONDS per measurement (default 10),
 * BENCH_ROUNDS (default 3), BENCH_POOL (default 10), BENCH_LOG_LEVEL (default info, to /dev/null),
 * BENCH_ENCODING (Accept-Encoding the client sends; default none), BENCH_SHAPES=0,3 (only these queries),
 * BENCH_CPU_PROF=<dir> (a V8 CPU profile of the server).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseOptions } from '../src/server/db/client';
import { DEMO_PASSWORD, seedBulkCaregivers, seedDemoData } from '../src/server/demo-data';
import { hashPassword } from '../src/server/features/auth';
import { cpuSnapshot, otherCores, processCpuMs } from './support/cpu';
import { type LoadClient, type LoadRun, startLoadClient } from './support/http-load';
import { type ServerHandle, startServer } from './support/server-control';
import type { RawRun, ServerRequest, Statement } from './support/server-process';
import { pgliteTarget, postgresTarget, type Target } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/search.json');
const CAREGIVERS = Number(process.env.BENCH_CAREGIVERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const HEADERS: Record<string, string> = process.env.BENCH_ENCODING
  ? { 'accept-encoding': process.env.BENCH_ENCODING }
  : {};
const CONCURRENCY = 10;

export const BUDGETS = { c1P50OverSqlMs: 0.5, c1P99Ms: 3, c10ThroughputRatio: 0.7 };

/** The typical searches: what the home page, the filter panel, the search box and the category grid send. */
const QUERIES = [
  '/api/caregivers/search',
  '/api/caregivers/search?location=Kingston&minRate=800&maxRate=1500',
  '/api/caregivers/search?skills=CPR%20Certified,First%20Aid%20Certified&availability=Weekdays,Evenings',
  '/api/caregivers/search?q=nanny',
  '/api/caregivers/search?type=child-care&parish=St.%20Andrew&sort=rating',
];

interface Latency {
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  count: number;
  perSec: number;
}

export interface SearchShapeResult {
  query: string;
  /** X-Total-Count of the first page ('1000+' when capped). */
  matches: string;
  /** SQL statements the endpoint sent for one request (captured), and so run per SQL reference run. */
  statements: number;
  c1: {
    server: Latency;
    sql: Latency | null;
    /** The bare reference server (server-process.ts `bare`): the same statements, no framework, over HTTP. */
    bare: Latency | null;
    p50OverSqlMs: number | null;
    p50Ratio: number | null;
    p50OverBareMs: number | null;
  };
  c10: {
    server: Latency;
    sql: Latency | null;
    bare: Latency | null;
    throughputRatio: number | null;
    /** The bare server's throughput over the SQL's: what any HTTP server on this machine keeps of it. */
    bareThroughputRatio: number | null;
    non2xx: number;
    errors: number;
  };
  pass: { c1P50: boolean | null; c1P99: boolean; c10Throughput: boolean | null };
  /**
   * CPU time of the server process (µs) per request over HTTP, and per run of the statements straight
   * on its pool: what the request path costs beside the SQL's own client work.
   */
  serverCpuUs: {
    perRequest: number | null;
    perSqlRun: number | null;
    perBareRequest: number | null;
    clientPerRequest: number | null;
  };
  /** Cores other processes kept busy during this shape's measurements (the machine is shared). */
  otherCores: number | null;
}

export interface SearchRunResult {
  database: 'pglite' | 'postgres';
  caregivers: number;
  poolSize: number;
  logLevel: string;
  /** The server process's memory, MB: after start-up (no request yet) and after every measurement. */
  memory: { idleRssMb: number; afterRssMb: number; idleHeapMb: number; afterHeapMb: number };
  shapes: SearchShapeResult[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1048576, 1);

function summarize(latenciesUs: number[], elapsedMs: number): Latency {
  const s = Float64Array.from(latenciesUs).sort();
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] / 1000, 3);
  return {
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: round((s.at(-1) ?? 0) / 1000, 3),
    count: s.length,
    perSec: round((s.length / elapsedMs) * 1000, 0),
  };
}

/** Many runs as one: latencies together, time added up. */
const merge = (runs: (LoadRun | RawRun)[]) =>
  summarize(
    runs.flatMap((r) => r.latenciesUs),
    runs.reduce((t, r) => t + r.elapsedMs, 0),
  );

async function seed(database: Database, passwordHash: string): Promise<number> {
  const t0 = performance.now();
  await seedDemoData(database.db, { passwordHash });
  let last = 0;
  await seedBulkCaregivers(database.db, CAREGIVERS, {
    passwordHash,
    runId: 'bench',
    batchSize: 1000,
    onProgress(done) {
      if (done - last >= 10_000 || done === CAREGIVERS) {
        last = done;
        log(
          `  seeded ${done.toLocaleString('en-US')} caregivers (${round((performance.now() - t0) / 1000, 1)} s)`,
        );
      }
    },
  });
  // What autovacuum does shortly after a bulk load: statistics for the planner, and the visibility map
  // that lets the covering indexes answer without visiting the table.
  await database.db.execute(sql`vacuum analyze`);
  const result = (await database.db.execute(sql`select count(*)::int as n from caregivers`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

async function benchShape(
  server: ServerHandle,
  client: LoadClient,
  target: Target,
  query: string,
): Promise<SearchShapeResult> {
  const url = `${server.base}${query}`;
  const check = await fetch(url);
  const body = await check.text();
  if (!check.ok) throw new Error(`${query} answered ${check.status}: ${body}`);
  const total = check.headers.get('x-total-count') ?? '?';
  const matches = check.headers.get('x-total-count-exact') === 'false' ? `${total}+` : total;
  const postgres = target.kind === 'postgres';
  const statements = postgres
    ? await server.request<Statement[]>({ type: 'capture', path: query } satisfies ServerRequest)
    : [];
  const bareUrl = postgres
    ? `http://127.0.0.1:${await server.request<number>({ type: 'bare', statements } satisfies ServerRequest)}/`
    : null;
  const cpu = { http: 0, sql: 0, bare: 0, client: 0 };
  /** Adds the server process's CPU time during `run` to cpu[key] (and the load client's to cpu.client). */
  const timed = async <T>(key: 'http' | 'sql' | 'bare', run: Promise<T>): Promise<T> => {
    const before = [processCpuMs(server.pid) ?? Number.NaN, processCpuMs(client.pid) ?? Number.NaN];
    const result = await run;
    cpu[key] += (processCpuMs(server.pid) ?? Number.NaN) - before[0];
    if (key === 'http') cpu.client += (processCpuMs(client.pid) ?? Number.NaN) - before[1];
    return result;
  };
  const http = (concurrency: number, seconds: number) =>
    timed('http', client.run({ url, concurrency, seconds, headers: HEADERS }));
  const bare = (concurrency: number, seconds: number) =>
    timed('bare', client.run({ url: bareUrl as string, concurrency, seconds, headers: HEADERS }));
  const raw = (concurrency: number, seconds: number) =>
    timed(
      'sql',
      server.request<RawRun>({ type: 'raw', statements, concurrency, seconds } satisfies ServerRequest),
    );

  // Warm-up: connections, prepared statements on every pooled connection, plans, JIT.
  await http(CONCURRENCY, 1);
  if (postgres) await raw(CONCURRENCY, 1);
  if (postgres) await bare(CONCURRENCY, 1);

  cpu.http = 0;
  cpu.sql = 0;
  cpu.bare = 0;
  cpu.client = 0;
  const before = cpuSnapshot([server.pid, client.pid], target.databaseName);
  const runs = {
    c1: [] as LoadRun[],
    c1Sql: [] as RawRun[],
    c1Bare: [] as LoadRun[],
    c10: [] as LoadRun[],
    c10Sql: [] as RawRun[],
    c10Bare: [] as LoadRun[],
  };
  const slice = SECONDS / ROUNDS;
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.c1.push(await http(1, slice));
    if (postgres) runs.c1Sql.push(await raw(1, slice));
    if (postgres) runs.c1Bare.push(await bare(1, slice));
    runs.c10.push(await http(CONCURRENCY, slice));
    if (postgres) runs.c10Sql.push(await raw(CONCURRENCY, slice));
    if (postgres) runs.c10Bare.push(await bare(CONCURRENCY, slice));
  }
  const after = cpuSnapshot([server.pid, client.pid], target.databaseName);

  const c1 = merge(runs.c1);
  const c1Sql = postgres ? merge(runs.c1Sql) : null;
  const c10 = merge(runs.c10);
  const c10Sql = postgres ? merge(runs.c10Sql) : null;
  const c1Bare = postgres ? merge(runs.c1Bare) : null;
  const c10Bare = postgres ? merge(runs.c10Bare) : null;
  const p50OverSqlMs = c1Sql ? round(c1.p50Ms - c1Sql.p50Ms, 3) : null;
  const throughputRatio = c10Sql ? round(c10.perSec / c10Sql.perSec) : null;
  return {
    query,
    matches,
    statements: statements.length,
    c1: {
      server: c1,
      sql: c1Sql,
      bare: c1Bare,
      p50OverSqlMs,
      p50Ratio: c1Sql ? round(c1.p50Ms / c1Sql.p50Ms) : null,
      p50OverBareMs: c1Bare ? round(c1.p50Ms - c1Bare.p50Ms, 3) : null,
    },
    c10: {
      server: c10,
      sql: c10Sql,
      bare: c10Bare,
      throughputRatio,
      bareThroughputRatio: c10Bare && c10Sql ? round(c10Bare.perSec / c10Sql.perSec) : null,
      non2xx: runs.c10.reduce((n, r) => n + r.non2xx, 0) + runs.c1.reduce((n, r) => n + r.non2xx, 0),
      errors: runs.c10.reduce((n, r) => n + r.errors, 0) + runs.c1.reduce((n, r) => n + r.errors, 0),
    },
    pass: {
      c1P50: p50OverSqlMs === null ? null : p50OverSqlMs <= BUDGETS.c1P50OverSqlMs,
      c1P99: c1.p99Ms <= BUDGETS.c1P99Ms,
      c10Throughput: throughputRatio === null ? null : throughputRatio >= BUDGETS.c10ThroughputRatio,
    },
    serverCpuUs: {
      perRequest: round((cpu.http * 1000) / (c1.count + c10.count), 0),
      perSqlRun: c1Sql && c10Sql ? round((cpu.sql * 1000) / (c1Sql.count + c10Sql.count), 0) : null,
      perBareRequest: c1Bare && c10Bare ? round((cpu.bare * 1000) / (c1Bare.count + c10Bare.count), 0) : null,
      clientPerRequest: round((cpu.client * 1000) / (c1.count + c10.count), 0),
    },
    otherCores: otherCores(before, after),
  };
}

const mark = (ok: boolean | null) => (ok === null ? '' : ok ? ' ok' : ' OVER');

function print(r: SearchShapeResult) {
  const { c1, c10 } = r;
  log(`  ${r.query.replace('/api/caregivers/search', '') || '(no filter)'}  matches ${r.matches}`);
  log(
    `    c1   server p50 ${c1.server.p50Ms} ms p99 ${c1.server.p99Ms} ms${mark(r.pass.c1P99)}` +
      (c1.sql
        ? ` | SQL p50 ${c1.sql.p50Ms} ms p99 ${c1.sql.p99Ms} ms | p50 +${c1.p50OverSqlMs} ms${mark(r.pass.c1P50)} (×${c1.p50Ratio})`
        : ''),
  );
  log(
    `    c10  server ${c10.server.perSec}/s p50 ${c10.server.p50Ms} ms p99 ${c10.server.p99Ms} ms` +
      (c10.sql
        ? ` | SQL ${c10.sql.perSec}/s p99 ${c10.sql.p99Ms} ms | ratio ${c10.throughputRatio}${mark(r.pass.c10Throughput)}`
        : '') +
      `  non-2xx ${c10.non2xx} errors ${c10.errors}`,
  );
  if (c1.bare && c10.bare)
    log(
      `    bare server: c1 p50 ${c1.bare.p50Ms} ms p99 ${c1.bare.p99Ms} ms (ours +${c1.p50OverBareMs} ms)` +
        ` | c10 ${c10.bare.perSec}/s, ratio to SQL ${c10.bareThroughputRatio}` +
        ` | ${r.serverCpuUs.perBareRequest} µs CPU/request`,
    );
  log(
    `    server CPU ${r.serverCpuUs.perRequest} µs/request, ${r.serverCpuUs.perSqlRun ?? '?'} µs/SQL run` +
      ` (load client ${r.serverCpuUs.clientPerRequest} µs/request);` +
      ` other load ${r.otherCores ?? '?'} cores`,
  );
}

async function benchTarget(target: Target, passwordHash: string): Promise<SearchRunResult> {
  log(`\n${target.kind}: seeding ${CAREGIVERS.toLocaleString('en-US')} caregivers and the demo data`);
  const database = await target.open();
  let caregivers: number;
  try {
    caregivers = await seed(database, passwordHash);
  } finally {
    await database.close();
  }
  const options: DatabaseOptions = target.options();
  const server = await startServer({ database: options, logLevel: LOG_LEVEL, jobs: false });
  const client = await startLoadClient();
  try {
    await new Promise((r) => setTimeout(r, 500));
    const idle = await server.memory();
    log(`  server up (pid ${server.pid}), idle RSS ${mb(idle.rss)} MB`);
    const shapes: SearchShapeResult[] = [];
    const only = process.env.BENCH_SHAPES?.split(',').map(Number);
    for (const query of QUERIES.filter((_, i) => !only || only.includes(i))) {
      const shape = await benchShape(server, client, target, query);
      print(shape);
      shapes.push(shape);
    }
    const after = await server.memory();
    log(`  RSS idle ${mb(idle.rss)} MB → after ${mb(after.rss)} MB`);
    return {
      database: target.kind,
      caregivers,
      poolSize: POOL,
      logLevel: LOG_LEVEL,
      memory: {
        idleRssMb: mb(idle.rss),
        afterRssMb: mb(after.rss),
        idleHeapMb: mb(idle.heapUsed),
        afterHeapMb: mb(after.heapUsed),
      },
      shapes,
    };
  } finally {
    client.stop();
    await server.stop();
  }
}

async function main() {
  const targets: Target[] = [];
  const url = process.env.DATABASE_URL;
  if (url) targets.push(postgresTarget(url, POOL));
  if (!url || process.env.BENCH_PGLITE === '1') targets.push(pgliteTarget('bench:search'));

  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    log('\nstopping: cleaning up (Ctrl+C again to quit at once)');
    void Promise.allSettled(targets.map((t) => t.cleanup())).then(() => process.exit(130));
  });

  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const runs: SearchRunResult[] = [];
  for (const target of targets) {
    try {
      runs.push(await benchTarget(target, passwordHash));
    } finally {
      await target.cleanup();
    }
  }
  const judged = runs.filter((r) => r.database === 'postgres').flatMap((r) => r.shapes);
  const pass = judged.length > 0 && judged.every((s) => Object.values(s.pass).every((p) => p !== false));
  const result = {
    budgets: BUDGETS,
    pass,
    machine: { cores: availableParallelism(), loadAverage: round(loadavg()[0]), node: process.version },
    settings: { seconds: SECONDS, rounds: ROUNDS, concurrency: CONCURRENCY, headers: HEADERS },
    runs,
  };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  log(`\nbudgets ${pass ? 'met' : judged.length ? 'NOT met' : 'not judged (no PostgreSQL run)'}`);
  log(`wrote ${OUT} in ${round((performance.now() - started) / 1000, 0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
