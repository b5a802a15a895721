import { sweepRateLimitsJob } from '../core/rate-limits/jobs';
import type { Job } from '../jobs/scheduler';
import { FEATURES } from './features';

/**
 * Every background job of the server: the core's (the rate-limit sweep) and each feature's, from its manifest
 * (wiring/features.ts, ADR 0043). The scheduler in jobs/ is core and knows no feature. Jobs take their
 * services from the app.
 */
export const JOBS: Job[] = [sweepRateLimitsJob, ...FEATURES.flatMap((f) => f.jobs ?? [])];
