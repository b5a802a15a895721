import type { Job } from '../../jobs/scheduler';

/** Hour-before reminders of confirmed meetings, and ended meetings marked completed (every 5 minutes). */
export const meetingRemindersJob: Job = {
  name: 'meetings.reminders',
  everyMs: 5 * 60_000,
  run: ({ app, now, signal }) => app.services.meetingReminders.run(now, signal),
};
