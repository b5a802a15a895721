/** The safety feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { safetyRoutes } from './routes';

export { createSafetyService } from './service';

/** What the safety feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'safety',
  routes: [safetyRoutes],
};
