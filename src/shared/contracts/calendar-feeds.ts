import { z } from './zod';

/**
 * Private calendar feeds (issue 33, ADR 0049): every signed-in user may subscribe their own calendar
 * (Google, Apple, Outlook) to an RFC 5545 feed of their bookings, meetings and time off, at a secret URL.
 */

/** POST /api/calendar/feed: the new feed's URL, shown once (only its secret's hash is kept). */
export const CalendarFeedCreated = z.object({
  url: z.string().describe('https://…/calendar/<secret>.ics — the secret is the credential; copy it now'),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

/** GET /api/calendar/feed: whether a feed is on, and since when (never its URL again). */
export const CalendarFeedState = z.object({
  active: z.boolean(),
  createdAt: z.string().optional(),
});
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/** The secret of a feed URL: 32 random bytes, base64url (43 characters). */
export const FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** GET /calendar/{file}: `<secret>.ics`. Anything else is the same 404 as an unknown secret. */
export const CalendarFeedFileParam = z.object({
  file: z.string().max(200).describe('<secret>.ics'),
});

export const CALENDAR_FEED_MESSAGES = {
  notFound: 'No such calendar feed. It may have been turned off or replaced by a new link.',
  turnedOff: 'Your calendar feed is off. The old link no longer works.',
} as const;
