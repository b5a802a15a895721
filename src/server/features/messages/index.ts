/** The messages feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { messagingFeature } from './plugin';

export { createMessagingService, type MessagingService, type Person } from './service';

/** What the messages feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'messages',
  routes: [messagingFeature],
};
