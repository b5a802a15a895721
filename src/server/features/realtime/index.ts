/** The realtime feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { realtimePlugin } from './plugin';

/** What the realtime feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'realtime',
  routes: [realtimePlugin],
};
