/** The care-requests feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { careRequestExpiryJob } from './jobs';
import { careRequestRoutes } from './routes';

export { careRequestPrivacy, createCareRequestService } from './service';

/** What the care-requests feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'care-requests',
  routes: [careRequestRoutes],
  jobs: [careRequestExpiryJob],
};
