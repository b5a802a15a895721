import { describe, expect, it, vi } from 'vitest';
import { DB_KINDS, useTestApp } from '../test/harness';
import { jobLockKey, runJob, startScheduler } from './scheduler';

describe.each(DB_KINDS)('jobs on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('runs a job once at a time: a second concurrent run is refused by the lock', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const job = {
      name: `test-job-${kind}`,
      everyMs: 60_000,
      async run() {
        runs += 1;
        await gate;
        return 'done';
      },
    };
    const first = runJob(ctx.app, job);
    // Let the first run take the lock before the second tries.
    await new Promise((r) => setTimeout(r, 50));
    const second = await runJob(ctx.app, job);
    expect(second.ran).toBe(false);
    release();
    expect(await first).toEqual({ ran: true, result: 'done' });
    expect(runs).toBe(1);
    // Once released, the next run goes ahead.
    expect((await runJob(ctx.app, { ...job, run: async () => 'again' })).ran).toBe(true);
  });

  it('runs at most maxConcurrent jobs at once and queues the rest, so jobs never drain the pool', async () => {
    let now = 0;
    let peak = 0;
    const done = new Set<string>();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const jobs = Array.from({ length: 6 }, (_, i) => ({
      name: `queued-${kind}-${i}`,
      everyMs: 60_000,
      async run() {
        now += 1;
        peak = Math.max(peak, now);
        await gate;
        now -= 1;
        done.add(`queued-${kind}-${i}`);
      },
    }));
    const stop = startScheduler(ctx.app, jobs, { everyMs: 10, maxConcurrent: 2 });
    await vi.waitFor(() => expect(now).toBe(2));
    release();
    await vi.waitFor(() => expect(done.size).toBe(6), { timeout: 5_000 });
    await stop();
    expect(peak).toBe(2);
  });
});

describe('jobLockKey', () => {
  it('is stable, positive and differs by name', () => {
    expect(jobLockKey('payouts')).toBe(jobLockKey('payouts'));
    expect(jobLockKey('payouts')).not.toBe(jobLockKey('booking-expiry'));
    expect(jobLockKey('payouts')).toBeGreaterThan(0);
    expect(jobLockKey('payouts')).toBeLessThan(2 ** 31);
  });
});
