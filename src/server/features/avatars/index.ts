/** The avatars feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { default as avatarRoutes } from './routes';

export { avatarUrl } from './avatar';

/** What the avatars feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'avatars',
  routes: [avatarRoutes],
};
