/** The badges feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';

export { type BadgeEngine, createBadgeEngine, evaluateAllForSeed } from './engine';

/** What the badges feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'badges',
};
