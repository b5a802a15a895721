import type { FastifyInstance } from 'fastify';
import type { Job } from '../jobs/scheduler';

/**
 * What a feature adds to the app, exported by its front door (`features/<name>/index.ts`, ADR 0043) and
 * listed once in `src/server/wiring/features.ts`: the app registers every feature's routes in that list's
 * order, and the job table is every feature's jobs. Services are built in `wiring/services.ts`, which joins
 * each feature's `deps` to the features that provide them.
 */
export interface FeatureManifest {
  /** The folder's name under src/server/features. */
  name: string;
  /** Fastify plugins that register the feature's routes (and their hooks), in order. */
  routes?: readonly ((app: FastifyInstance) => Promise<void>)[];
  /** Background jobs, run by the scheduler under one advisory lock each. */
  jobs?: readonly Job[];
}
