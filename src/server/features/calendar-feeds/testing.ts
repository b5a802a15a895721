import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Test helpers for calendar feeds (not used by the app). */

export type Who = { headers: Record<string, string> } | null;

export function feedApi(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'DELETE', who: Who) =>
    app.inject({ method, url: '/api/calendar/feed', headers: who?.headers ?? {} });
  return {
    state: (who: Who) => call('GET', who),
    create: (who: Who) => call('POST', who),
    turnOff: (who: Who) => call('DELETE', who),
    /** Creates a feed and answers its URL's path (`/calendar/<secret>.ics`) and secret. */
    async open(who: Who) {
      const res = await call('POST', who);
      if (res.statusCode !== 201) throw new Error(`feed not created: ${res.statusCode} ${res.body}`);
      const url = (res.json() as { url: string }).url;
      const path = new URL(url).pathname;
      return { url, path, secret: path.slice('/calendar/'.length, -'.ics'.length) };
    },
    /** Fetches a feed as a calendar app does: no session. */
    fetch: (path: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url: path }),
  };
}

/** A VEVENT's properties by name (the first of each), values as written (still escaped), params kept apart. */
export interface RawEvent {
  [name: string]: { value: string; params: string };
}

/** Undoes folding (§3.1): a line break followed by one space or tab joins the lines. */
export const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** The calendar's own properties and its VEVENTs, read without any library (the library check is separate). */
export function readFeed(text: string): { calendar: RawEvent; events: RawEvent[] } {
  const calendar: RawEvent = {};
  const events: RawEvent[] = [];
  let current: RawEvent | null = null;
  for (const line of unfold(text).split('\r\n')) {
    if (line === 'BEGIN:VEVENT') {
      current = {};
      continue;
    }
    if (line === 'END:VEVENT') {
      if (current) events.push(current);
      current = null;
      continue;
    }
    const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!m) continue;
    const target = current ?? calendar;
    target[m[1]] ??= { value: m[3], params: m[2] };
  }
  return { calendar, events };
}

/** The events by UID. */
export function eventsByUid(text: string): Map<string, RawEvent> {
  return new Map(readFeed(text).events.map((e) => [e.UID.value, e]));
}
