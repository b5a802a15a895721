/** The dashboard feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { dashboardRoutes } from './routes';

export { createDashboardService } from './service';

/** What the dashboard feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};
