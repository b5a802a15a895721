/** The fx-rates feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { fxRateRoutes } from './routes';

export { createFxRateService, type FxRateService } from './service';

/** What the fx-rates feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'fx-rates',
  routes: [fxRateRoutes],
};
