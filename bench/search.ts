/**
 * npm run bench:search
 *
 * Seeds 50,000 caregivers (plus the demo data) into a fresh database, starts the real app on
 * 127.0.0.1:<free port>, and drives five typical searches with autocannon (10 connections, 10 s each,
 * from a separate process, as a client would). For each it also
 * times the same SQL straight on the database, one statement at a time. Runs on PGlite (a temporary
 * DATA_DIR) and, when DATABASE_URL is set, on PostgreSQL (a fresh database created next to the one
 * DATABASE_URL names, dropped at the end). Writes bench/results/search.json.
 *
 * Options (environment): BENCH_CAREGIVERS (default 50000), BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 10), BENCH_ONLY=pglite|postgres.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { DEMO_PASSWORD, seedBulkCaregivers, seedDemoData } from '../src/server/db/demo-data';
import { hashPassword } from '../src/server/features/auth/passwords';
import { createCaregiverDirectoryService } from '../src/server/features/caregiver-directory/service';
import { CaregiverSearchQuery } from '../src/shared/contracts/caregivers';
import { benchEnv, pgliteTarget, postgresTarget, type Target } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/search.json');
const CAREGIVERS = Number(process.env.BENCH_CAREGIVERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RAW_RUNS = 100;

/** The typical searches: what the home page, the filter panel, the search box and the category grid send. */
const QUERIES = [
  '/api/caregivers/search',
  '/api/caregivers/search?location=Kingston&minRate=800&maxRate=1500',
  '/api/caregivers/search?skills=CPR%20Certified,First%20Aid%20Certified&availability=Weekdays,Evenings',
  '/api/caregivers/search?q=nanny',
  '/api/caregivers/search?type=child-care&parish=St.%20Andrew&sort=rating',
];

export interface SearchBenchResult {
  database: 'pglite' | 'postgres';
  query: string;
  /** Caregivers in the database (listed or not). */
  caregivers: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSec: number;
  /** The endpoint's SQL alone (spell-correction of q included), one statement at a time. */
  rawSqlP50Ms: number;
  /** X-Total-Count of the first page ('1000+' when capped). */
  matches: string;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * CPU cores that other processes used during the run (the machine is shared): all busy time minus
   * this process's, autocannon's and this benchmark's PostgreSQL backends'. Linux only; null elsewhere.
   */
  otherCores: number | null;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const TICK_MS = 10; // a jiffy (USER_HZ = 100)

/** User + system CPU time (ms) of a process from /proc, or undefined. */
function processCpuMs(pid: number | string | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Busy CPU time (ms) of the whole machine, of this process, and of the backends serving `database`. */
function cpuSnapshot(database?: string): { machine: number; ours: number; at: number } | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    const machine = (user + nice + system + irq + softirq + steal) * TICK_MS;
    const own = process.cpuUsage();
    let ours = (own.user + own.system) / 1000;
    if (database) {
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
        } catch {
          continue; // the backend ended meanwhile
        }
        ours += processCpuMs(pid) ?? 0;
      }
    }
    return { machine, ours, at: performance.now() };
  } catch {
    return null;
  }
}

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
  log(`  ready in ${round((performance.now() - t0) / 1000, 1)} s`);
  return Number(result.rows[0].n);
}

/** The endpoint's statements without HTTP: the service on the database, one search at a time. */
async function rawSqlP50(database: Database, query: string): Promise<number> {
  const params = Object.fromEntries(new URL(query, 'http://x').searchParams);
  const input = CaregiverSearchQuery.parse(params);
  const service = createCaregiverDirectoryService({ db: database.db });
  const once = () => service.search(input);
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RAW_RUNS; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return round(
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
    3,
  );
}

/**
 * autocannon in its own process, as a real client would be: in this process (even in worker mode, which
 * posts its progress to the main thread) it would take event-loop time from the server it measures.
 */
function drive(url: string, seconds: number): Promise<{ result: autocannon.Result; cpuMs: number }> {
  const cli = join(ROOT, 'node_modules/autocannon/autocannon.js');
  const args = [cli, '--connections', String(CONNECTIONS), '--duration', String(seconds), '--json', url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Its own CPU, sampled while it runs (Linux), so that it does not count as other processes' load.
    let cpuMs = 0;
    const sample = setInterval(() => {
      cpuMs = processCpuMs(child.pid) ?? cpuMs;
    }, 100);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      try {
        resolve({ result: JSON.parse(out) as autocannon.Result, cpuMs });
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

async function benchTarget(target: Target, passwordHash: string): Promise<SearchBenchResult[]> {
  log(`\n${target.kind}: seeding ${CAREGIVERS.toLocaleString('en-US')} caregivers and the demo data`);
  const started = performance.now();
  const database = await target.open();
  let app: FastifyInstance | undefined;
  try {
    const caregivers = await seed(database, passwordHash);
    const env = benchEnv({ LOG_LEVEL: 'silent', DEMO_MODE: '0' });
    app = await buildApp({ env, database, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const results: SearchBenchResult[] = [];
    for (const query of QUERIES) {
      const shapeStarted = performance.now();
      const url = `${address}${query}`;
      const check = await fetch(url);
      const body = await check.text();
      if (!check.ok) throw new Error(`${query} answered ${check.status}: ${body}`);
      const total = check.headers.get('x-total-count') ?? '?';
      const matches = check.headers.get('x-total-count-exact') === 'false' ? `${total}+` : total;
      await drive(url, 1); // warm-up: plans, caches, JIT
      const before = cpuSnapshot(target.databaseName);
      const { result: run, cpuMs: loadGeneratorMs } = await drive(url, SECONDS);
      const after = cpuSnapshot(target.databaseName);
      const otherCores =
        before && after
          ? round(
              Math.max(0, after.machine - before.machine - (after.ours - before.ours) - loadGeneratorMs) /
                (after.at - before.at),
            )
          : null;
      const loadMs = performance.now() - shapeStarted;
      const rawSqlP50Ms = await rawSqlP50(database, query);
      const rawMs = performance.now() - shapeStarted - loadMs;
      const result: SearchBenchResult = {
        database: target.kind,
        query,
        caregivers,
        p50Ms: run.latency.p50,
        p99Ms: run.latency.p99,
        requestsPerSec: round(run.requests.average, 0),
        rawSqlP50Ms,
        matches,
        requests: run.requests.total,
        non2xx: run.non2xx,
        errors: run.errors,
        otherCores,
      };
      log(
        `  ${query.replace('/api/caregivers/search', '') || '(no filter)'}\n` +
          `    p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  ${result.requestsPerSec} req/s  ` +
          `raw SQL p50 ${rawSqlP50Ms} ms  matches ${matches}  non-2xx ${run.non2xx}  ` +
          `other processes ${otherCores ?? '?'} cores  (${round(loadMs / 1000, 1)} s + raw ${round(rawMs / 1000, 1)} s)`,
      );
      results.push(result);
    }
    return results;
  } finally {
    // Keep-alive connections would hold close() for the server's keep-alive timeout (72 s).
    app?.server.closeAllConnections();
    if (app) await app.close();
    else await database.close();
    log(`  ${target.kind} done in ${round((performance.now() - started) / 1000, 0)} s`);
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const targets: Target[] = [];
  if (only !== 'postgres') targets.push(pgliteTarget('bench:search'));
  if (process.env.DATABASE_URL && only !== 'pglite')
    targets.push(postgresTarget(process.env.DATABASE_URL, CONNECTIONS));
  if (!targets.length) throw new Error('Nothing to run: BENCH_ONLY=postgres needs DATABASE_URL');

  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    log('\nstopping: cleaning up (Ctrl+C again to quit at once)');
    void Promise.allSettled(targets.map((t) => t.cleanup())).then(() => process.exit(130));
  });

  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const results: SearchBenchResult[] = [];
  for (const target of targets) {
    try {
      results.push(...(await benchTarget(target, passwordHash)));
    } finally {
      await target.cleanup();
    }
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nwrote ${OUT} in ${round((performance.now() - started) / 1000, 0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
