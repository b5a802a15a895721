/** The meetings feature's front door: the only file of it that code outside the feature imports (ADR 0043). */
import type { FeatureManifest } from '../../core/feature';
import { meetingRemindersJob } from './jobs';
import { meetingRoutes } from './routes';

export { type MeetingBusy, meetingBusy } from './busy';
export type { MeetingCircles, MeetingDeps, MeetingNotices, MeetingReports } from './deps';
export { meetingPrivacy } from './privacy';
export { createMeetingReminders, type MeetingReminders } from './reminders';
export { createMeetingService, type MeetingService } from './service';

/** What the meetings feature adds to the app: listed once in src/server/wiring/features.ts. */
export const manifest: FeatureManifest = {
  name: 'meetings',
  routes: [meetingRoutes],
  jobs: [meetingRemindersJob],
};
