/** The plans feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { planRenewalsJob } from './jobs';
import { planRoutes } from './routes';

export { createRenewalService } from './billing';

export { anniversary } from './periods';
export { createPlanRefunds, planRefundRecords } from './refunds';

export { createPlanService, planPrivacy } from './service';

/** What the plans feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'plans',
  routes: [planRoutes],
  jobs: [planRenewalsJob],
};
