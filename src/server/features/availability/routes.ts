import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailabilityException,
  CreatedResponse,
  CreateExtraHoursRequest,
  CreateTimeOffRequest,
  FreeSlotsQuery,
  FreeSlotsResponse,
} from '../../../shared/contracts/availability';
import { CaregiverIdParam } from '../../../shared/contracts/caregivers';
import { ErrorResponse, IdParam } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Time off and extra hours (the caregiver's own), and a caregiver's free time (anyone who may see them). */
export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.availability;

  const kinds = [
    {
      path: '/api/caregivers/me/time-off',
      kind: 'time_off',
      what: 'time off',
      description:
        'A day (from = to), a range of days (at most 90), or part of a day (startTime and endTime, HH:MM in Jamaica; with a range, those hours on each day). From today to a year ahead.',
    },
    {
      path: '/api/caregivers/me/extra-hours',
      kind: 'extra',
      what: 'extra hours',
      description: 'Hours offered on one date beyond the weekly pattern (HH:MM in Jamaica).',
    },
  ] as const;

  r.post(
    kinds[0].path,
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['availability'],
        summary: "Add time off (the signed-in caregiver's)",
        description: kinds[0].description,
        body: CreateTimeOffRequest,
        response: { 201: CreatedResponse, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addTimeOff(currentUser(req), req.body)),
  );

  r.post(
    kinds[1].path,
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['availability'],
        summary: "Add extra hours (the signed-in caregiver's)",
        description: kinds[1].description,
        body: CreateExtraHoursRequest,
        response: { 201: CreatedResponse, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addExtraHours(currentUser(req), req.body)),
  );

  for (const k of kinds) {
    r.get(
      k.path,
      {
        config: { access: ['caregiver'] },
        schema: {
          tags: ['availability'],
          summary: `The signed-in caregiver's current and upcoming ${k.what}, soonest first`,
          response: { 200: z.array(AvailabilityException), ...errors },
        },
      },
      async (req) => service.list(currentUser(req), k.kind),
    );

    r.delete(
      `${k.path}/:id`,
      {
        config: { access: ['caregiver'] },
        schema: {
          tags: ['availability'],
          summary: `Remove ${k.what} (the caregiver's own; anyone else's is not found)`,
          params: IdParam,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await service.remove(currentUser(req), k.kind, req.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  r.get(
    '/api/caregivers/:id/free-slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['availability'],
        summary:
          "A caregiver's free time per Jamaica day (weekly pattern, time off, extra hours, minus busy time)",
        description:
          'Each interval starts on the hour at a time a booking may start and is bookable as shown; busy time is never described. `from` defaults to today in Jamaica; `days` 1 to 28 (28).',
        params: CaregiverIdParam,
        querystring: FreeSlotsQuery,
        response: { 200: FreeSlotsResponse, ...errors },
      },
    },
    async (req) => service.freeSlots(req.params.id, req.user ?? null, req.query),
  );
}
