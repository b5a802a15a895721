/** The seo feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { seoRoutes } from './routes';

export { createSeoService } from './service';

/** What the seo feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'seo',
  routes: [seoRoutes],
};
