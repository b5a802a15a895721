import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingIdParam } from '../../../shared/contracts/bookings';
import { errorResponses } from '../../../shared/contracts/common';
import {
  CheckInRequest,
  CheckOutRequest,
  VisitEntry,
  VisitLog,
  VisitLogRequest,
} from '../../../shared/contracts/visits';
import { currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const REPLAY =
  ' A replay of the same clientId answers 200 with the first entry (nothing is written twice); a new entry answers 201.';
const WHO = ' Only the booking’s caregiver (403 for the family side, 404 for anyone else).';

/** Check-in, check-out and the visit log of a booking (issue 19, ADR 0028). */
export async function visitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.visits;

  r.post(
    '/api/bookings/:id/check-in',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Check in to a confirmed booking, from 30 minutes before its start until its end, once. With consent: true, lat/lng/accuracy may be sent; only the accuracy is kept.${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: CheckInRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.checkIn(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.post(
    '/api/bookings/:id/check-out',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Check out of a checked-in visit, once (the same optional location rule as check-in).${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: CheckOutRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.checkOut(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.post(
    '/api/bookings/:id/log',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Add an entry to the visit log (note, meal, medication, vitals, activity, incident) between check-in and one hour after check-out. An incident notifies the family and the care circle at once; every entry reaches those who may read the log live (realtime event visit_log).${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: VisitLogRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.addEntry(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.get(
    '/api/bookings/:id/log',
    {
      config: { access: 'user' },
      schema: {
        tags: ['visits'],
        summary:
          'The visit log, in the order things happened: the family, the care circle’s members (viewers too), the caregiver and admins (404 for anyone else)',
        params: BookingIdParam,
        response: { 200: VisitLog, ...errors },
      },
    },
    async (req) => service.log(currentUser(req), req.params.id),
  );
}
