/** The caregiver-stats feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';

export {
  caregiverStatsService,
  followBookingTransition,
  measureResponseTimes,
  refreshAllStats,
} from './service';

/** What the caregiver-stats feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'caregiver-stats',
};
