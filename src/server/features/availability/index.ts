/** The availability feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { availabilityRoutes } from './routes';

export { type AvailabilityDeps, type AvailabilityService, createAvailabilityService } from './service';

/** What the availability feature adds to the app (ADR 0046): listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'availability',
  routes: [availabilityRoutes],
};
