/**
 * npm run bench:messages
 *
 * Message delivery latency with 200 connected users on one instance: starts the real app on
 * 127.0.0.1:<free port> on a fresh database, signs in 100 families and 100 caregivers (one session each),
 * opens each user's realtime stream (GET /api/realtime), then has the users send messages to their
 * partners through POST /api/messages at a steady RATE (open loop: a send does not wait for the one
 * before), ROUNDS rounds of one message per user.
 * Latency = from the start of the POST to the moment the receiver's stream delivers the event: HTTP,
 * validation, the transaction, NOTIFY, LISTEN fan-out and the SSE write together. The clients (200
 * streams and the senders) run in their own process, as real clients would, and time both ends with
 * one clock. Two runs: one message at a time (each waits for its delivery), then a steady rate.
 * Runs on PGlite (a temporary DATA_DIR) and, when DATABASE_URL is set, on PostgreSQL (a fresh database
 * next to the one DATABASE_URL names, dropped at the end). Writes bench/results/messages.json.
 *
 * Options (environment): BENCH_USERS (default 200), BENCH_ROUNDS (default 5), BENCH_RATE messages a
 * second (default 20: each of the 200 users sends one every 10 s), BENCH_ONLY=pglite|postgres.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app';
import { hashPassword } from '../src/server/features/auth';
import { connectSse, type SseClient } from '../src/server/test/sse';
import { createChatUsers } from './support/chat-users';
import { benchEnv, pgliteTarget, postgresTarget, type Target } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/messages.json');
const USERS = Number(process.env.BENCH_USERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 20);
/** The warm-up's requests at a time. */
const IN_FLIGHT = 10;
/** 30 messages a minute per sender (the product's limit): rounds + the warm-up must stay under it. */
const MAX_ROUNDS = 27;

export interface MessagesBenchResult {
  database: 'pglite' | 'postgres';
  /** 'steady': open-loop sends at targetRate; 'one-at-a-time': each send waits for its delivery. */
  mode: 'steady' | 'one-at-a-time';
  connectedUsers: number;
  openStreams: number;
  messages: number;
  delivered: number;
  /** Delivery latency: POST start → event on the receiver's stream. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The POST's own response time. */
  sendP50Ms: number;
  sendP99Ms: number;
  /** The offered rate, and what the run achieved. */
  targetRate: number;
  messagesPerSec: number;
  /** 1-minute load average before the run (the machine is shared). */
  loadAverage: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The clients, in their own process (spawned by the benchmark): streams, senders, timing. */
async function runClients(config: ClientConfig): Promise<ClientResult[]> {
  const { base, ids, tokens } = config;
  const half = USERS / 2;
  const partner = (i: number) => (i < half ? i + half : i - half);
  const streams: SseClient[] = [];
  try {
    const pending = new Map<string, { started: number; receiver: number }>();
    let latencies: number[] = [];
    let onDelivered: (() => void) | undefined;
    for (let i = 0; i < USERS; i += 1) {
      const me = ids[i];
      streams.push(
        await connectSse(base, tokens[i], {}, (event, at) => {
          if (event.type !== 'message' || event.receiverId !== me || !event.message) return;
          const sent = pending.get(event.message.content);
          if (!sent) return;
          pending.delete(event.message.content);
          latencies.push(at - sent.started);
          onDelivered?.();
        }),
      );
    }
    log(`${streams.length} streams open`);

    let sendTimes: number[] = [];
    let seq = 0;
    const sendOne = async (i: number, measure: boolean) => {
      seq += 1;
      const content = `bench ${seq} from ${i}`;
      const started = performance.now();
      if (measure) pending.set(content, { started, receiver: ids[partner(i)] });
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receiverId: ids[partner(i)], content }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`send: ${res.status}`);
      if (measure) sendTimes.push(performance.now() - started);
    };
    const warmUp = async (measure: boolean) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < USERS) {
            const i = next;
            next += 1;
            await sendOne(i, measure);
          }
        }),
      );
    };

    const summarise = (
      mode: MessagesBenchResult['mode'],
      messages: number,
      elapsed: number,
      loadAverage: number,
    ) => {
      latencies.sort((a, b) => a - b);
      sendTimes.sort((a, b) => a - b);
      const result: ClientResult = {
        mode,
        connectedUsers: USERS,
        openStreams: streams.length,
        messages,
        delivered: latencies.length,
        p50Ms: round(percentile(latencies, 50)),
        p90Ms: round(percentile(latencies, 90)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? 0),
        sendP50Ms: round(percentile(sendTimes, 50)),
        sendP99Ms: round(percentile(sendTimes, 99)),
        targetRate: mode === 'steady' ? RATE : 0,
        messagesPerSec: round(messages / elapsed, 0),
        loadAverage,
      };
      log(
        `${mode}: ${result.delivered}/${messages} delivered  p50 ${result.p50Ms} ms  p90 ${result.p90Ms} ms  ` +
          `p99 ${result.p99Ms} ms  max ${result.maxMs} ms  (POST p50 ${result.sendP50Ms} ms, ${result.messagesPerSec} msg/s, load ${loadAverage})`,
      );
      latencies = [];
      sendTimes = [];
      return result;
    };

    await warmUp(false); // connections, plans, JIT
    const results: ClientResult[] = [];

    // One at a time: each message is sent once the previous one was delivered (latency without queueing).
    {
      const loadAverage = round(loadavg()[0]);
      const t0 = performance.now();
      for (let i = 0; i < USERS; i += 1) {
        const delivered = new Promise<void>((r) => {
          onDelivered = r;
        });
        await sendOne(i, true);
        await Promise.race([delivered, new Promise((r) => setTimeout(r, 5000))]);
      }
      onDelivered = undefined;
      results.push(summarise('one-at-a-time', USERS, (performance.now() - t0) / 1000, loadAverage));
    }

    // Steady: RATE messages a second, open loop, ROUNDS messages per user.
    {
      const loadAverage = round(loadavg()[0]);
      const messages = Math.min(ROUNDS, MAX_ROUNDS) * USERS;
      const t0 = performance.now();
      const sends: Promise<void>[] = [];
      for (let k = 0; k < messages; k += 1) {
        const due = t0 + (k * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        sends.push(sendOne(k % USERS, true));
      }
      await Promise.all(sends);
      const elapsed = (performance.now() - t0) / 1000;
      // Let the last events arrive.
      for (let waited = 0; pending.size > 0 && waited < 5000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
      }
      results.push(summarise('steady', messages, elapsed, loadAverage));
    }
    return results;
  } finally {
    for (const s of streams) s.close();
  }
}

interface ClientConfig {
  base: string;
  ids: number[];
  tokens: string[];
}
type ClientResult = Omit<MessagesBenchResult, 'database'>;

/** Runs the clients in a child process (as real clients would be) and returns what they measured. */
function drive(config: ClientConfig): Promise<ClientResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--client'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the clients exited with ${code}`));
      try {
        resolve(JSON.parse(out) as ClientResult[]);
      } catch {
        reject(new Error(`the clients printed no JSON: ${out.slice(0, 200)}`));
      }
    });
    child.stdin.end(JSON.stringify(config));
  });
}

async function benchTarget(target: Target, passwordHash: string): Promise<MessagesBenchResult[]> {
  const database = await target.open();
  const env = { ...benchEnv({ LOG_LEVEL: 'warn' }), demoMode: false };
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // 100 families and 100 caregivers; family i and caregiver i talk to each other.
    const { ids, tokens } = await createChatUsers(database.db, USERS, passwordHash, 'bench');
    let serverStreams = 0;
    const sample = setInterval(() => {
      serverStreams = Math.max(serverStreams, app.realtime.connectionCount());
    }, 200);
    const measured = await drive({ base, ids, tokens }).finally(() => clearInterval(sample));
    log(`${target.kind}: at most ${serverStreams} streams open on the server`);
    return measured.map((m) => ({ database: target.kind, ...m, openStreams: serverStreams }));
  } finally {
    await app.close();
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const targets: Target[] = [];
  if (only !== 'postgres') targets.push(pgliteTarget('bench:messages'));
  if (process.env.DATABASE_URL && only !== 'pglite')
    targets.push(postgresTarget(process.env.DATABASE_URL, IN_FLIGHT));
  if (!targets.length) throw new Error('Nothing to run: BENCH_ONLY=postgres needs DATABASE_URL');
  const passwordHash = await hashPassword(`bench-${randomBytes(8).toString('hex')}`);
  const results: MessagesBenchResult[] = [];
  for (const target of targets) {
    try {
      results.push(...(await benchTarget(target, passwordHash)));
    } finally {
      await target.cleanup();
    }
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${OUT}`);
}

async function clientMain() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const results = await runClients(JSON.parse(input) as ClientConfig);
  process.stdout.write(JSON.stringify(results));
}

(process.argv.includes('--client') ? clientMain() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
