/** The my-profile feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { myProfileRoutes } from './routes';

export { createAccountService } from './account-service';
export { createCaregiverProfileService } from './caregiver-profile-service';
export { createOnboardingDraftService } from './onboarding-draft-service';

/** What the my-profile feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'my-profile',
  routes: [myProfileRoutes],
};
