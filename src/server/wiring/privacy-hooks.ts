import { sessions } from '../features/auth';
import { calendarFeedPrivacy } from '../features/calendar-feeds';
import { careRequestPrivacy } from '../features/care-requests';
import { meetingPrivacy } from '../features/meetings';
import { getEmailPreferences, notificationPrivacy } from '../features/notifications';
import { planPrivacy } from '../features/plans';
import {
  type ExportSection,
  type PrivacyHooks,
  privacyExportSections,
  type Scrubber,
  scrubSeriesAndVisits,
} from '../features/privacy';
import { receiptMailsExport } from '../features/receipts';
import { statementMailsExport } from '../features/statements';

/**
 * What each feature offers the privacy feature (wiring, like events.ts and jobs.ts): a feature that stores
 * more personal data adds its export section and its scrubber here (one line each). A section receives the
 * user's id and returns only what belongs to that user; the export shows the sections in this order.
 */
export const EXPORT_SECTIONS: Record<string, ExportSection> = {
  circleStatementMails: statementMailsExport,
  ...privacyExportSections,
  notificationPreferences: notificationPrivacy.exportSection,
  notificationDeliveries: notificationPrivacy.deliveriesExport,
  careRequests: careRequestPrivacy.exportSection,
  meetings: meetingPrivacy.exportSection,
  plans: planPrivacy.exportSection,
  calendarFeed: calendarFeedPrivacy.exportSection,
  receiptMails: receiptMailsExport,
};

/** The scrubbers an account's scrub runs, in this order, inside its transaction. */
export const SCRUBBERS: Scrubber[] = [
  scrubSeriesAndVisits,
  notificationPrivacy.scrub,
  careRequestPrivacy.scrub,
  calendarFeedPrivacy.scrub,
  meetingPrivacy.scrub,
];

export const privacyHooks: PrivacyHooks = {
  exporters: EXPORT_SECTIONS,
  erasers: SCRUBBERS,
  emailPreferences: getEmailPreferences,
  revokeSessions: (tx, userId) => sessions.revokeAllForUser(tx, userId),
};
