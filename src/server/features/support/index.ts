/** The support feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { supportRoutes } from './routes';

export { createSupportService } from './service';

/** What the support feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'support',
  routes: [supportRoutes],
};
