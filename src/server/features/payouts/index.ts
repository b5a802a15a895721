/** The payouts feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { fridayPayoutJob } from './jobs';
import { payoutRoutes } from './routes';

export { createPayoutService } from './service';

/** What the payouts feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'payouts',
  routes: [payoutRoutes],
  jobs: [fridayPayoutJob],
};
