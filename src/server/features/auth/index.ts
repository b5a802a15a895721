/** The auth feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { authRoutes } from './routes';

export { createPasswordHasher, hashPassword, isCommonPassword, type PasswordHasher } from './passwords';
export { userRepo } from './repo';

export { createAuthService } from './service';
export { type SessionUser, sessions } from './sessions';

/** What the auth feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'auth',
  routes: [authRoutes],
};
