import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Id, IdParam } from '../../../shared/contracts/common';
import { ReportRequest } from '../../../shared/contracts/messages';
import { AdminReportItem, AdminReportsQuery, ReportActionRequest } from '../../../shared/contracts/reports';
import { currentUser } from '../../plugins/auth';

const UserIdParam = z.object({ userId: Id('userId') });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Blocking and reporting users from the chat; the admin report queue. */
export async function safetyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { safety } = app.services;

  r.post(
    '/api/users/:userId/block',
    {
      config: { access: 'user' },
      schema: {
        tags: ['safety'],
        summary: 'Block a user: neither of you can message the other until you unblock them',
        params: UserIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await safety.block(currentUser(req).id, req.params.userId);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/users/:userId/block',
    {
      config: { access: 'user' },
      schema: {
        tags: ['safety'],
        summary: 'Unblock a user',
        params: UserIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await safety.unblock(currentUser(req).id, req.params.userId);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/users/:userId/report',
    {
      config: { access: 'user' },
      schema: {
        tags: ['safety'],
        summary: 'Report a user to the YaadCare team (they see your conversation with them)',
        params: UserIdParam,
        body: ReportRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const other = await safety.otherUser(me.id, req.params.userId);
      const id = await safety.report(me, other, req.body);
      return reply.code(201).send({ id });
    },
  );

  r.get(
    '/api/admin/reports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Reported users, oldest open report first, each with the conversation between the two',
        querystring: AdminReportsQuery,
        response: {
          200: z.array(AdminReportItem),
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (req) => safety.list(req.query),
  );

  r.post(
    '/api/admin/reports/:id/resolve',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Close a report (recorded as dismissed; the spec-era call kept for the old console)',
        params: IdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await safety.dismissOpen(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/admin/reports/:id/actions',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Act on an open report: warn (the reported user gets a notice with the note), suspend or dismiss; each closes it and is recorded in its audit trail',
        params: IdParam,
        body: ReportActionRequest,
        response: { 204: z.null(), ...errors, 409: ErrorResponse },
      },
    },
    async (req, reply) => {
      await safety.act(currentUser(req), req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );
}
