import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contracts/common';
import {
  ActiveEmergencies,
  AdminEmergency,
  AdminEmergencyList,
  ChangeEmergencyRequest,
  DeclareEmergencyRequest,
  EmergencyIdParam,
} from '../../../shared/contracts/emergencies';
import { currentUser } from '../../plugins/auth';

const tags = ['emergencies'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Parish emergency mode (ADR 0030): the public list in force, and the admins' declare, extend and end. */
export async function emergencyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.emergencies;

  r.get(
    '/api/emergencies/active',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Public: the parish emergencies in force (current or upcoming): parishes, window and message. Cacheable for a minute',
        response: { 200: ActiveEmergencies },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.active();
    },
  );

  r.get(
    '/api/admin/emergencies',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: every emergency (prepared, upcoming, active, over), newest first, with its audit history',
        response: { 200: AdminEmergencyList, ...errorResponses(401, 403) },
      },
    },
    async () => service.list(),
  );

  r.post(
    '/api/admin/emergencies',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: declare an emergency for parishes and a window (at most 14 days, ending in the future) with a public message; affected families and caregivers are told',
        body: DeclareEmergencyRequest,
        response: { 201: AdminEmergency, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.declare(currentUser(req), req.body)),
  );

  r.patch(
    '/api/admin/emergencies/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: extend an emergency (a new end, optionally a new message); those affected are told',
        params: EmergencyIdParam,
        body: ChangeEmergencyRequest,
        response: { 200: AdminEmergency, ...errors },
      },
    },
    async (req) => service.extend(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/admin/emergencies/:id/end',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: end an emergency now; the usual cancellation terms apply again and those affected are told',
        params: EmergencyIdParam,
        response: { 200: AdminEmergency, ...errors },
      },
    },
    async (req) => service.end(currentUser(req), req.params.id),
  );

  r.post(
    '/api/admin/emergencies/:id/declare',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'Admins only: declare a prepared emergency (the demo data’s): it starts now and keeps its prepared length',
        params: EmergencyIdParam,
        response: { 200: AdminEmergency, ...errors },
      },
    },
    async (req) => service.declarePrepared(currentUser(req), req.params.id),
  );
}
