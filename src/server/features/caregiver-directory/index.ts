/** The caregiver-directory feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { caregiverDirectoryRoutes } from './routes';

export {
  type BackupCandidate,
  type BackupCandidateQuery,
  backupCandidates,
  createCaregiverDirectoryService,
} from './service';

/** What the caregiver-directory feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'caregiver-directory',
  routes: [caregiverDirectoryRoutes],
};
