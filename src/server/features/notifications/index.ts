/** The notifications feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { deliveriesJob } from './deliveries-job';
import { deliveryRoutes } from './deliveries-routes';
import { emailPreferenceRoutes } from './preferences-routes';
import { notificationRoutes } from './routes';
import { unreadMessageEmailJob } from './unread-email-job';

export { createNotificationPhoneService } from './phone';
export { createNotificationPreferenceService } from './preference-service';
export { getEmailPreferences, wantsEmail } from './preferences';

export {
  createDeliveryService,
  createDispatcher,
  defaultChannelPolicy,
  deliverBookingNotice,
  noticeMailer,
  notificationPrivacy,
  queueNotice,
  reminderPolicy,
} from './service';
export { createUnreadEmailService } from './unread-email-job';

/** What the notifications feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'notifications',
  routes: [notificationRoutes, deliveryRoutes, emailPreferenceRoutes],
  jobs: [deliveriesJob, unreadMessageEmailJob],
};
