import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookingSeriesIdParam,
  BookingSeriesView,
  CreateBookingSeriesRequest,
  SeriesConflictsResponse,
} from '../../../shared/contracts/booking-series';
import { errorResponses } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import { SeriesConflicts } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Recurring bookings (issue 19, ADR 0027): a weekly rule whose visits are bookings, answered as a whole. */
export async function bookingSeriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.bookingSeries;

  r.post(
    '/api/booking-series',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['bookings'],
        summary:
          'Book a weekly series: weekdays (1 Monday … 7 Sunday), start time and hours of each visit, first date and an end date or a number of visits (at most 26 weeks ahead). Every clashing date answers 409 SERIES_CONFLICTS with `conflicts` and nothing is written, unless skipConflicts: then those dates are skipped and listed in `skipped`. Each visit is a pending booking (with circleId, a coordinator books for the care circle; its visits await a payer’s approval when the circle asks for it)',
        body: CreateBookingSeriesRequest,
        response: { 201: BookingSeriesView, ...errors, 409: SeriesConflictsResponse },
      },
    },
    async (req, reply) => {
      try {
        return reply.code(201).send(await service.create(currentUser(req), req.body));
      } catch (err) {
        if (err instanceof SeriesConflicts) {
          return reply
            .code(409)
            .send({ code: err.code, message: err.message, requestId: req.id, conflicts: err.conflicts });
        }
        throw err;
      }
    },
  );

  r.get(
    '/api/booking-series/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary:
          'One series with its visits: its family, its care circle’s members, its caregiver once a visit reached them, an admin (404 for anyone else)',
        params: BookingSeriesIdParam,
        response: { 200: BookingSeriesView, ...errors },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  const actions = [
    {
      path: 'accept',
      access: ['caregiver'] as const,
      summary: 'The caregiver accepts the series as a whole: every pending visit is confirmed, in one step',
      // Nothing is charged here: the visit-holds job holds each visit 48 h before (a money job, ADR 0042).
      money: false,
      run: service.accept,
    },
    {
      path: 'decline',
      access: ['caregiver'] as const,
      summary: 'The caregiver declines the series as a whole: every pending visit is declined, in one step',
      money: true,
      run: service.decline,
    },
    {
      path: 'cancel-rest',
      access: ['family'] as const,
      summary:
        'The family side (the booker, or a coordinator of its care circle) cancels every visit still to come, each under the cancellation policy, in one step',
      money: true,
      run: service.cancelRest,
    },
    {
      path: 'leave',
      access: ['caregiver'] as const,
      summary:
        'The caregiver leaves an accepted series: every visit still to come is cancelled on their side (anything held for them is released in full) and the family side is told once',
      money: true,
      run: service.leave,
    },
  ];
  for (const a of actions) {
    r.post(
      `/api/booking-series/:id/${a.path}`,
      {
        config: { access: a.access, moneyMoving: a.money },
        schema: {
          tags: ['bookings'],
          summary: a.summary,
          params: BookingSeriesIdParam,
          response: { 200: BookingSeriesView, ...errors },
        },
      },
      async (req) => a.run(currentUser(req), req.params.id),
    );
  }
}
