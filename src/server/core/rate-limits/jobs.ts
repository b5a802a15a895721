import type { Job } from '../../jobs/scheduler';

/** Deletes rate-limit counters whose window has ended (an ended window already counts from zero). */
export const sweepRateLimitsJob: Job = {
  name: 'rate-limits-sweep',
  everyMs: 10 * 60 * 1000,
  async run({ app, now }) {
    const deleted = await app.services.rateLimits.sweep(now);
    return deleted > 0 ? { deleted } : undefined;
  },
};
