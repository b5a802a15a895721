/** The reliability feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { reliabilityRecomputeAllJob, reliabilityRefreshJob } from './jobs';

export { createReliabilityService, reliabilityRecords, reliabilityService } from './service';

/** What the reliability feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'reliability',
  jobs: [reliabilityRefreshJob, reliabilityRecomputeAllJob],
};
