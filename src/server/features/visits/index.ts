/** The visits feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { visitNoShowJob } from './jobs';
import { visitRoutes } from './routes';

export { createVisitService, visitTimes } from './service';

/** What the visits feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'visits',
  routes: [visitRoutes],
  jobs: [visitNoShowJob],
};
