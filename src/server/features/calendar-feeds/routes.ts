import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarFeedCreated,
  CalendarFeedFileParam,
  CalendarFeedState,
} from '../../../shared/contracts/calendar-feeds';
import { errorResponses } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';

/** How often one address may fetch feeds: calendars poll hourly at most; a guesser gets 429s. */
const FEED_FETCHES_PER_MINUTE = 30;

/** Private calendar feeds (issue 33, ADR 0049): the signed-in user's switch, and the secret URL itself. */
export async function calendarFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const feeds = app.services.calendarFeeds;

  r.get(
    '/api/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary:
          'Whether the signed-in user’s calendar feed is on, and since when (never its URL: it is shown once)',
        response: { 200: CalendarFeedState, ...errorResponses(401) },
      },
    },
    async (req) => feeds.state(currentUser(req).id),
  );

  r.post(
    '/api/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary:
          'A new secret calendar feed URL (RFC 5545) of the user’s bookings, meetings and time off; any earlier URL stops working at once',
        description:
          'The URL is answered this once: only a hash of its secret is kept. Subscribe to it in Google Calendar, Apple Calendar or Outlook.',
        response: { 201: CalendarFeedCreated, ...errorResponses(401) },
      },
    },
    async (req, reply) => reply.code(201).send(await feeds.create(currentUser(req).id)),
  );

  r.delete(
    '/api/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: 'Turn the calendar feed off: its URL answers 404 from now on (idempotent)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (req, reply) => {
      await feeds.turnOff(currentUser(req).id);
      return reply.code(204).send(null);
    },
  );

  // The feed: no session (calendar apps send none); the secret in the path is the credential. Outside /api,
  // like the avatars, so no session is even read. Its path is masked in logs and traces (secret-urls.ts).
  r.get(
    '/calendar/:file',
    {
      config: { rateLimit: { max: FEED_FETCHES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['calendar'],
        summary:
          'A private calendar feed (`<secret>.ics`, text/calendar, RFC 5545): 404 for a secret that was replaced or turned off',
        params: CalendarFeedFileParam,
        otherResponses: {
          200: { description: 'The iCalendar (RFC 5545) feed', contentType: 'text/calendar' },
          404: 'error',
          429: 'error',
        },
      },
    },
    async (req, reply) => {
      const body = await feeds.render(req.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="yaadcare.ics"')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
}
