/**
 * npm run bench:startup
 *
 * Start-up time of the compiled server, as production runs it (`node dist/server/main.js`, NODE_ENV=production):
 * from spawning the process to the first 200 from GET /api/health, on a database whose migrations are
 * already applied (a restart or a new instance of a running deployment). Side by side in the same run,
 * interleaved run by run so a busy machine weighs on all alike:
 *   - fastify: a bare Fastify server with one route, started with `node -e` (the reference: what any
 *     Fastify server on this machine costs);
 *   - node-http: a bare node:http server (the floor: Node's own start-up);
 *   - tsx: the same server from its TypeScript sources through tsx (how it ran before it was compiled).
 * Also the resident memory (RSS) of each right after it answered. The server is stopped with SIGTERM after
 * each run; the time to exit is reported too.
 * Runs on PGlite (a temporary DATA_DIR) and, when DATABASE_URL is set, on PostgreSQL (a fresh database
 * next to the one DATABASE_URL names, dropped at the end). Builds the server first (npm run build:server);
 * uses dist/web and dist/ssr when they are built (the server-rendering bundle is loaded at start).
 * Writes bench/results/startup.json and prints the ratio to the bare Fastify server.
 *
 * Options (environment): BENCH_RUNS (default 10), BENCH_TSX=0 to leave tsx out, BENCH_ONLY=pglite|postgres.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/process';
import { pgliteTarget, postgresTarget, type Target } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/startup.json');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WITH_TSX = process.env.BENCH_TSX !== '0';
/** How often the health route is tried while a server starts: the measurement's resolution. */
const POLL_MS = 2;

type Subject = 'server' | 'fastify' | 'node-http' | 'tsx';

interface Sample {
  readyMs: number;
  rssMb: number;
  exitMs: number;
}

export interface StartupBenchResult {
  database: 'pglite' | 'postgres';
  subject: Subject;
  command: string;
  runs: number;
  p50Ms: number;
  maxMs: number;
  minMs: number;
  /** p50 start-up time divided by the bare Fastify server's, from the same run. */
  ratioToFastify: number;
  rssP50Mb: number;
  /** SIGTERM → exit. */
  exitP50Ms: number;
  webBuilt: boolean;
  /** 1-minute load average before the run (the machine is shared). */
  loadAverage: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The reference servers: one route answering what /api/health answers, nothing else. */
const FASTIFY_REF = `import('fastify').then(async ({ default: fastify }) => {
  const app = fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
});`;
const HTTP_REF = `const server = require('node:http').createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"status":"ok"}');
}).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));`;

const COMMANDS: Record<Subject, string[]> = {
  server: ['--enable-source-maps', 'dist/server/main.js'],
  fastify: ['--input-type=module', '-e', FASTIFY_REF],
  'node-http': ['-e', HTTP_REF],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
};

function rssMb(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Spawns one server, times it to its first healthy answer, then stops it with SIGTERM. */
async function startOnce(subject: Subject, env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health`;
  let output = '';
  const started = performance.now();
  // The database is the target's alone: never DATABASE_URL (the server that hosts the targets) or DATA_DIR.
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, COMMANDS[subject], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${subject} exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {}
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`${subject} did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const rss = rssMb(child);
  const stopping = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${subject} exited ${code} on SIGTERM:\n${output}`);
  return { readyMs, rssMb: rss, exitMs: performance.now() - stopping };
}

async function measure(target: Target, webBuilt: boolean): Promise<StartupBenchResult[]> {
  // Opening the database applies the migrations: every start measured below finds them applied.
  const database = await target.open();
  await database.close();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...(target.url ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? '' }),
  };
  const subjects: Subject[] = ['fastify', 'node-http', 'server', ...(WITH_TSX ? (['tsx'] as const) : [])];
  const samples = new Map<Subject, Sample[]>(subjects.map((s) => [s, []]));
  const loadAverage = round(loadavg()[0], 2);
  // One start of each first, not counted: the operating system's file cache is then warm for all.
  for (const s of subjects) await startOnce(s, env);
  for (let run = 1; run <= RUNS; run += 1) {
    for (const s of subjects) samples.get(s)?.push(await startOnce(s, env));
    log(
      `  ${target.kind} run ${run}/${RUNS}: ${subjects.map((s) => `${s} ${round(samples.get(s)?.at(-1)?.readyMs ?? 0)} ms`).join(', ')}`,
    );
  }
  const fastifyP50 = median((samples.get('fastify') ?? []).map((x) => x.readyMs));
  return subjects.map((subject) => {
    const xs = samples.get(subject) ?? [];
    const ready = xs.map((x) => x.readyMs);
    const p50 = median(ready);
    return {
      database: target.kind,
      subject,
      command:
        subject === 'fastify' || subject === 'node-http'
          ? `node -e <bare ${subject} server>`
          : `node ${COMMANDS[subject].join(' ')}`,
      runs: xs.length,
      p50Ms: round(p50),
      maxMs: round(Math.max(...ready)),
      minMs: round(Math.min(...ready)),
      ratioToFastify: round(p50 / fastifyP50, 2),
      rssP50Mb: round(median(xs.map((x) => x.rssMb))),
      exitP50Ms: round(median(xs.map((x) => x.exitMs))),
      webBuilt,
      loadAverage,
    };
  });
}

async function main() {
  log('Building the server (npm run build:server)…');
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const webBuilt =
    existsSync(join(ROOT, 'dist/web/index.html')) && existsSync(join(ROOT, 'dist/ssr/entry-server.js'));
  if (!webBuilt)
    log('Note: the web app is not built (npm run build): the server starts without its renderer.');
  const only = process.env.BENCH_ONLY;
  const targets: Target[] = [];
  if (only !== 'postgres') targets.push(pgliteTarget('the start-up benchmark'));
  if (only !== 'pglite' && process.env.DATABASE_URL)
    targets.push(postgresTarget(process.env.DATABASE_URL, 2));
  const results: StartupBenchResult[] = [];
  for (const target of targets) {
    log(`Start-up on ${target.kind}, ${RUNS} runs (after one uncounted warm-up start each)…`);
    try {
      results.push(...(await measure(target, webBuilt)));
    } finally {
      await target.cleanup();
    }
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  for (const r of results) {
    log(
      `${r.database.padEnd(8)} ${r.subject.padEnd(9)} p50 ${String(r.p50Ms).padStart(7)} ms  max ${String(r.maxMs).padStart(7)} ms  ` +
        `×${r.ratioToFastify} of bare Fastify  RSS ${r.rssP50Mb} MB  exit ${r.exitP50Ms} ms`,
    );
  }
  log(`Wrote ${OUT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
