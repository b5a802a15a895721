/** The admin feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { adminRoutes } from './routes';

export { adminAuditLog, createAdminService } from './service';

/** What the admin feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'admin',
  routes: [adminRoutes],
};
