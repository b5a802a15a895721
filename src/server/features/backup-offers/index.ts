/** The backup-offers feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { backupRoutes } from './routes';

export { createBackupService } from './service';

/** What the backup-offers feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'backup-offers',
  routes: [backupRoutes],
};
