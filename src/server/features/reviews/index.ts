/** The reviews feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { publishReviewsJob, reviewRemindersJob } from './jobs';
import { reviewRoutes } from './routes';

export { createReviewReminderService } from './reminders';

export { createReviewService } from './service';

/** What the reviews feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'reviews',
  routes: [reviewRoutes],
  jobs: [publishReviewsJob, reviewRemindersJob],
};
