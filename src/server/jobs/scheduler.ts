import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { backgroundRun } from '../log-context';

/**
 * A background job: runs every `everyMs` while the server is up (only in the server process, never in
 * tests — tests call `runJob` directly with the time they want). With several server instances on one
 * PostgreSQL, each run takes an advisory lock so only one instance runs a given job at a time; jobs
 * must still be idempotent (a run that finds nothing to do does nothing).
 */
export interface Job {
  /** Unique, stable name: also the advisory-lock key. */
  name: string;
  everyMs: number;
  run(ctx: JobContext): Promise<unknown>;
  /**
   * The job can move money (provider calls or ledger postings): it joins the race harness
   * (src/server/money-races.test.ts, ADR 0042), which fails until it has a scenario running it 20 times at once.
   */
  moneyMoving?: boolean;
}

export interface JobContext {
  app: FastifyInstance;
  now: Date;
  /**
   * Aborted when the server stops (SIGTERM). A job working through many items checks it between items
   * and returns early: the item in hand is finished (each is its own transaction), the job's lock is
   * released at once, and the rest is picked up by the next run on any instance (jobs are idempotent).
   */
  signal: AbortSignal;
}

/** A stable 31-bit key for a job name (advisory locks take a bigint; keep clear of the migration lock). */
export function jobLockKey(name: string): number {
  let h = 2166136261;
  for (const ch of name) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return 0x10000000 | (h >>> 4);
}

/**
 * Runs one job now under its lock. Returns `{ ran: false }` when another run holds the lock. Every log line of
 * the run (the job's own, its services') carries the run's `runId` and `job`; the run is counted in the
 * metrics (ok, failed, skipped) and a failure is logged here, then thrown.
 */
export async function runJob(
  app: FastifyInstance,
  job: Job,
  now = new Date(),
  signal: AbortSignal = new AbortController().signal,
): Promise<{ ran: boolean; result?: unknown }> {
  return app.logContext.run(backgroundRun('job', job.name), async () => {
    let ran = false;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await app.database.withExclusiveLock(jobLockKey(job.name), async () => {
        ran = true;
        return job.run({ app, now, signal });
      });
      app.metrics.jobRun(job.name, ran ? 'ok' : 'skipped', seconds());
      if (ran && result !== undefined) app.log.info({ result }, 'job ran');
      return { ran, result };
    } catch (err) {
      app.metrics.jobRun(job.name, 'failed', seconds());
      app.log.error({ err }, 'job failed');
      throw err;
    }
  });
}

export interface SchedulerOptions {
  /** Run every job this often instead of its own interval, first run included (JOBS_EVERY_MS: tests). */
  everyMs?: number;
  /**
   * At most this many runs at once in this process (default 3). Each run holds a pooled connection for its
   * advisory lock and takes others for its work: with every job at once (17 jobs, a pool of 10) the pool ran
   * dry and the server stopped answering. A tick that finds no free slot waits its turn in a queue.
   */
  maxConcurrent?: number;
}

/**
 * Starts the timers; returns a function that stops them: no new runs, runs in progress are told to stop
 * (their signal aborts) and awaited, so their locks are released before the database closes.
 */
export function startScheduler(
  app: FastifyInstance,
  jobs: readonly Job[],
  options: SchedulerOptions = {},
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  const maxConcurrent = Math.max(1, options.maxConcurrent ?? 3);
  /** Jobs running in this process, and those waiting for a slot (each at most once). */
  const active = new Set<string>();
  const waiting: Job[] = [];
  let stopped = false;
  const start = (job: Job) => {
    active.add(job.name);
    // runJob logged the failure, with the run's id.
    const p = runJob(app, job, new Date(), stopping.signal)
      .catch(() => {})
      .finally(() => {
        running.delete(p);
        active.delete(job.name);
        const next = waiting.shift();
        if (next && !stopped) start(next);
      });
    running.add(p);
  };
  for (const job of jobs) {
    app.metrics.declareJob(job.name);
    const tick = () => {
      if (stopped || active.has(job.name) || waiting.includes(job)) return;
      if (active.size >= maxConcurrent) waiting.push(job);
      else start(job);
    };
    // First run soon after start (spread out), then on the interval.
    const first = setTimeout(tick, options.everyMs ?? 5_000 + Math.floor(Math.random() * 5_000));
    const every = setInterval(tick, options.everyMs ?? job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  return async () => {
    stopped = true;
    waiting.length = 0;
    for (const t of timers) clearTimeout(t);
    stopping.abort();
    await Promise.allSettled([...running]);
  };
}
