/** The verification feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { policeRecordRemindersJob } from './jobs';
import { verificationRoutes } from './routes';

export { createVerificationService } from './service';

/** What the verification feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'verification',
  routes: [verificationRoutes],
  jobs: [policeRecordRemindersJob],
};
