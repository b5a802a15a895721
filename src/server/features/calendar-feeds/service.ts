import {
  CALENDAR_FEED_MESSAGES,
  type CalendarFeedCreated,
  type CalendarFeedState,
  FEED_SECRET_PATTERN,
} from '../../../shared/contracts/calendar-feeds';
import { TIME_ZONE } from '../../../shared/time';
import { hashToken, newToken } from '../../core/tokens';
import { notFound } from '../../errors';
import { bookingEvent, meetingEvent, timeOffEvent } from './feed-events';
import { type IcsEvent, renderCalendar } from './ics';
import type { CalendarFeedDeps } from './ports';
import { calendarFeedRepo } from './repo';

/** Cancelled (declined, expired) bookings stay in the feed this long, as STATUS:CANCELLED, then drop out. */
export const CLOSED_BOOKINGS_DAYS = 30;
const DAY_MS = 86_400_000;

export const FEED_PRODID = '-//YaadCare//Calendar feed 1.0//EN';

/** `<secret>.ics` → the secret, or undefined for anything that cannot be one. */
export function secretOfFile(file: string): string | undefined {
  if (!file.endsWith('.ics')) return undefined;
  const secret = file.slice(0, -4);
  return FEED_SECRET_PATTERN.test(secret) ? secret : undefined;
}

/**
 * Private calendar feeds (issue 33, ADR 0049). A feed is a secret URL: the secret is 32 random bytes, shown
 * once, kept only as its sha-256; a new one replaces the old at once; turning it off deletes it.
 */
export function createCalendarFeedService(deps: CalendarFeedDeps) {
  const { db, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async state(userId: number): Promise<CalendarFeedState> {
      const row = await calendarFeedRepo.ofUser(db, userId);
      return row ? { active: true, createdAt: row.createdAt.toISOString() } : { active: false };
    },

    /** A new secret URL for the user; any earlier one stops working in the same statement. */
    async create(userId: number): Promise<CalendarFeedCreated> {
      const secret = newToken();
      await db.transaction((tx) => calendarFeedRepo.replace(tx, userId, hashToken(secret), now()));
      return { url: `${publicUrl}/calendar/${secret}.ics` };
    },

    /** Turns the feed off (idempotent). */
    async turnOff(userId: number): Promise<void> {
      await db.transaction((tx) => calendarFeedRepo.remove(tx, userId));
    },

    /**
     * The feed at `/calendar/<file>`: the iCalendar text of its owner's events, or a 404 for a secret that is
     * not (or no longer) a feed's. The only work done before the answer is known is hashing and one lookup by
     * the hash (a unique index), so the time taken says nothing about how close a guess was.
     */
    async render(file: string): Promise<string> {
      const secret = secretOfFile(file);
      const owner = secret ? await calendarFeedRepo.ownerOf(db, hashToken(secret)) : undefined;
      if (!owner) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
      const at = now();
      const [bookings, meetings, timeOff] = await Promise.all([
        deps.bookingsOf(owner.userId, {
          closedSince: new Date(at.getTime() - CLOSED_BOOKINGS_DAYS * DAY_MS),
        }),
        deps.meetingsOf?.(owner.userId) ?? [],
        deps.timeOffOf?.(owner.userId) ?? [],
      ]);
      const events: IcsEvent[] = [
        ...bookings.map((b) => bookingEvent(b, publicUrl)),
        ...meetings.map(meetingEvent),
        ...timeOff.map(timeOffEvent).filter((e): e is IcsEvent => e !== undefined),
      ];
      return renderCalendar({
        prodId: FEED_PRODID,
        name: 'YaadCare',
        timeZone: TIME_ZONE,
        refresh: 'PT1H',
        stamp: at,
        events,
      });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
