/** The circles feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { circleRoutes } from './routes';

export {
  approvalReasonFor,
  type ChargeConsentBasis,
  type CircleAction,
  type CircleDecision,
  type CircleMemberContact,
  type CircleRow,
  chargeConsents,
  circleAccess,
  createCircleService,
} from './service';

/** What the circles feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'circles',
  routes: [circleRoutes],
};
