/**
 * npm run bench:soak   (needs DATABASE_URL: two instances share one PostgreSQL database)
 *
 * Message soak across two instances: a fresh database next to the one DATABASE_URL names, two server
 * processes on it (each its own port, pool and background jobs, production logger to /dev/null), 200
 * users (100 families, 100 caregivers) with one realtime stream each, half on each instance. For
 * BENCH_SOAK_SECONDS (default 600) the users send messages to their partners at BENCH_SOAK_RATE a second
 * (default 20, open loop), each through the instance that does NOT hold the receiver's stream, so every
 * delivery crosses instances (PostgreSQL NOTIFY). Latency = POST start → event on the receiver's stream,
 * timed by one clock in the client process.
 *
 * Memory: each instance's RSS sampled every BENCH_SOAK_SAMPLE_SECONDS (default 5) from /proc; idle RSS
 * before the streams open, RSS at the end, and the trend of the samples of the last half of the run (at
 * most its last 5 minutes; median of pairwise slopes, so one garbage collection does not swing it). No
 * growth: trend ≤ 1 MB/min per instance, and the heap after a full GC at the end at most 8 MB above the
 * one after the warm-up.
 * Budget: delivery p99 ≤ 100 ms. Writes bench/results/soak.json.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/server/features/auth';
import { connectSse, type SseClient } from '../src/server/test/sse';
import { createChatUsers } from './support/chat-users';
import { type ServerHandle, startServer } from './support/server-control';
import { postgresTarget } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/soak.json');
const USERS = 200;
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 5);
export const SOAK_BUDGETS = { deliveryP99Ms: 100, rssSlopeMbPerMin: 1, heapGrowthMb: 8 };

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

interface ClientConfig {
  bases: [string, string];
  ids: number[];
  tokens: string[];
}

export interface DeliveryResult {
  sent: number;
  delivered: number;
  failedSends: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 of each minute's sends, to see drift. */
  p99ByMinuteMs: number[];
}

/** The clients (spawned by the benchmark): 200 streams, half per instance, and the senders. */
async function runClients({ bases, ids, tokens }: ClientConfig): Promise<DeliveryResult> {
  const half = USERS / 2;
  const partner = (i: number) => (i < half ? i + half : i - half);
  const streamOf = (i: number) => i % 2;
  const pending = new Map<string, number>();
  const latencies: number[][] = [];
  let startedAt = 0;
  const streams: SseClient[] = [];
  try {
    for (let i = 0; i < USERS; i += 1) {
      const me = ids[i];
      streams.push(
        await connectSse(bases[streamOf(i)], tokens[i], {}, (event, at) => {
          if (event.type !== 'message' || event.receiverId !== me || !event.message) return;
          const started = pending.get(event.message.content);
          if (started === undefined) return;
          pending.delete(event.message.content);
          const minute = Math.max(0, Math.floor((started - startedAt) / 60_000));
          latencies[minute] ??= [];
          latencies[minute].push(at - started);
        }),
      );
    }
    process.send?.({ event: 'streams-open' });
    let seq = 0;
    let failedSends = 0;
    const sendOne = async (i: number, measure: boolean) => {
      seq += 1;
      const content = `soak ${seq} from ${i}`;
      const to = partner(i);
      // Through the instance that does not hold the receiver's stream.
      const base = bases[1 - streamOf(to)];
      const started = performance.now();
      if (measure) pending.set(content, started);
      try {
        const res = await fetch(`${base}/api/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId: ids[to], content }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(String(res.status));
      } catch {
        failedSends += 1;
        pending.delete(content);
      }
    };
    // Warm-up: one message per user, 10 at a time (connections, plans, JIT), not measured.
    for (let i = 0; i < USERS; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => sendOne(i + k, false)));
    }
    failedSends = 0;
    await new Promise<void>((r) => {
      process.once('message', () => r());
      process.send?.({ event: 'warm' });
    });

    const total = Math.floor(SECONDS * RATE);
    startedAt = performance.now();
    const sends: Promise<void>[] = [];
    for (let k = 0; k < total; k += 1) {
      const wait = startedAt + (k * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(sendOne(k % USERS, true));
    }
    await Promise.all(sends);
    for (let waited = 0; pending.size > 0 && waited < 5000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const all = latencies.flat().sort((a, b) => a - b);
    return {
      sent: total,
      delivered: all.length,
      failedSends,
      p50Ms: round(percentile(all, 50)),
      p90Ms: round(percentile(all, 90)),
      p99Ms: round(percentile(all, 99)),
      maxMs: round(all.at(-1) ?? Number.NaN),
      p99ByMinuteMs: Array.from(latencies, (l = []) =>
        round(
          percentile(
            l.sort((a, b) => a - b),
            99,
          ),
        ),
      ),
    };
  } finally {
    for (const s of streams) s.close();
  }
}

interface Sample {
  atS: number;
  rssMb: number;
}

/**
 * The trend of RSS (MB) over time, MB per minute: the median of the slopes between every two samples
 * (Theil–Sen), which a garbage collection's sudden drop or a single spike does not swing.
 */
function slopePerMinute(samples: Sample[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < samples.length; i += 1) {
    for (let j = i + 1; j < samples.length; j += 1) {
      const dt = samples[j].atS - samples[i].atS;
      if (dt > 0) slopes.push(((samples[j].rssMb - samples[i].rssMb) / dt) * 60);
    }
  }
  slopes.sort((a, b) => a - b);
  return slopes.length ? round(percentile(slopes, 50), 3) : Number.NaN;
}

const mb = (bytes: number) => round(bytes / 1048576, 1);

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:soak needs DATABASE_URL (two instances share one PostgreSQL database)');
  const target = postgresTarget(url, 10);
  const servers: ServerHandle[] = [];
  try {
    const database = await target.open();
    const passwordHash = await hashPassword(`soak-${randomBytes(8).toString('hex')}`);
    const { ids, tokens } = await createChatUsers(database.db, USERS, passwordHash, 'soak');
    await database.close();

    for (let k = 0; k < 2; k += 1) {
      servers.push(await startServer({ database: target.options(), logLevel: 'info', jobs: true }));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = servers.map((s) => s.rssMb());
    log(`two instances up; idle RSS ${idleRss.join(' / ')} MB; ${SECONDS} s at ${RATE} messages/s`);

    const samples: Sample[][] = [[], []];
    let t0 = 0;
    let heapAfterWarmUp: number[] = [];
    const client = fork(fileURLToPath(import.meta.url), ['--client'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let sampler: NodeJS.Timeout | undefined;
    const delivery = await new Promise<DeliveryResult>((resolvePromise, reject) => {
      client.on('message', (m: { event?: string; result?: DeliveryResult; error?: string }) => {
        if (m.event === 'streams-open')
          log(`${USERS} streams open: RSS ${servers.map((s) => s.rssMb()).join(' / ')} MB`);
        if (m.event === 'warm') {
          void Promise.all(servers.map((s) => s.memory(true))).then((mem) => {
            heapAfterWarmUp = mem.map((x) => mb(x.heapUsed));
            t0 = performance.now();
            sampler = setInterval(() => {
              const atS = (performance.now() - t0) / 1000;
              servers.forEach((s, k) => {
                samples[k].push({ atS: round(atS, 1), rssMb: s.rssMb() });
              });
              if (Math.round(atS) % 60 < SAMPLE_SECONDS)
                log(`  ${Math.round(atS)} s: RSS ${servers.map((s) => s.rssMb()).join(' / ')} MB`);
            }, SAMPLE_SECONDS * 1000);
            client.send('go');
          });
        }
        if (m.result) resolvePromise(m.result);
        if (m.error) reject(new Error(m.error));
      });
      client.on('exit', (code) => reject(new Error(`the clients exited with ${code}`)));
      client.send({ bases: servers.map((s) => s.base), ids, tokens } satisfies Omit<ClientConfig, 'bases'> & {
        bases: string[];
      });
    });
    clearInterval(sampler);
    const endRss = servers.map((s) => s.rssMb());
    const heapEnd = (await Promise.all(servers.map((s) => s.memory(true)))).map((x) => mb(x.heapUsed));

    const window = Math.min(SECONDS / 2, 300);
    const instances = servers.map((_, k) => {
      const last = samples[k].filter((p) => p.atS >= SECONDS - window);
      const slope = slopePerMinute(last);
      const heapGrowthMb = round(heapEnd[k] - heapAfterWarmUp[k], 1);
      return {
        idleRssMb: idleRss[k],
        endRssMb: endRss[k],
        maxRssMb: Math.max(...samples[k].map((p) => p.rssMb)),
        rssSlopeMbPerMin: slope,
        slopeWindowS: window,
        heapAfterGcMb: { afterWarmUp: heapAfterWarmUp[k], end: heapEnd[k] },
        heapGrowthMb,
        noGrowth: slope <= SOAK_BUDGETS.rssSlopeMbPerMin && heapGrowthMb <= SOAK_BUDGETS.heapGrowthMb,
        samples: samples[k],
      };
    });
    const pass = delivery.p99Ms <= SOAK_BUDGETS.deliveryP99Ms && instances.every((i) => i.noGrowth);
    const result = {
      budgets: SOAK_BUDGETS,
      pass,
      machine: { cores: availableParallelism(), loadAverage: round(loadavg()[0]), node: process.version },
      settings: { seconds: SECONDS, rate: RATE, users: USERS, sampleSeconds: SAMPLE_SECONDS },
      delivery,
      instances,
    };
    log(
      `delivered ${delivery.delivered}/${delivery.sent} (failed sends ${delivery.failedSends})  p50 ${delivery.p50Ms} ms` +
        `  p99 ${delivery.p99Ms} ms  max ${delivery.maxMs} ms  (budget p99 ≤ ${SOAK_BUDGETS.deliveryP99Ms} ms)`,
    );
    for (const [k, i] of instances.entries()) {
      log(
        `instance ${k + 1}: RSS idle ${i.idleRssMb} MB → end ${i.endRssMb} MB (max ${i.maxRssMb}), slope ` +
          `${i.rssSlopeMbPerMin} MB/min over the last ${i.slopeWindowS} s; heap after GC ` +
          `${i.heapAfterGcMb.afterWarmUp} → ${i.heapAfterGcMb.end} MB: ${i.noGrowth ? 'no growth' : 'GROWTH'}`,
      );
    }
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    log(`${pass ? 'budgets met' : 'budgets NOT met'}; wrote ${OUT}`);
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await target.cleanup();
  }
}

async function clientMain() {
  const config = await new Promise<ClientConfig>((r) => process.once('message', (m) => r(m as ClientConfig)));
  const result = await runClients(config);
  process.send?.({ result }, () => process.exit(0));
}

(process.argv.includes('--client') ? clientMain() : main()).catch((err) => {
  console.error(err);
  if (process.send) process.send({ error: String(err?.stack ?? err) }, () => process.exit(1));
  else process.exit(1);
});
