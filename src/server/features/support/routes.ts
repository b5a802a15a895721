import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  AdminSupportTicketsQuery,
  AnswerSupportTicketRequest,
  CreateSupportTicketRequest,
  CreateSupportTicketResponse,
  SupportTicket,
  SupportTicketsResponse,
} from '../../../shared/contracts/support';
import { currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Support form messages from one IP: enough for a family with a few questions, not for a spammer. */
export const TICKETS_PER_IP = { max: 5, timeWindow: '15 minutes' };

export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.support;

  r.post(
    '/api/support/tickets',
    {
      config: { access: 'public', rateLimit: TICKETS_PER_IP },
      schema: {
        tags: ['support'],
        summary:
          'Send a message to the support team (visitors and signed-in users): stored as a ticket, confirmed by e-mail',
        body: CreateSupportTicketRequest,
        response: { 201: CreateSupportTicketResponse, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.user, req.body)),
  );

  r.get(
    '/api/support/tickets/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['support'],
        summary: 'The signed-in user’s own support messages and their answers, newest first',
        response: { 200: SupportTicketsResponse, ...errors },
      },
    },
    async (req) => service.listMine(currentUser(req)),
  );

  r.get(
    '/api/admin/support/tickets',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support', 'admin'],
        summary: 'Admins only: support tickets in a status (default open), newest first',
        querystring: AdminSupportTicketsQuery,
        response: { 200: SupportTicketsResponse, ...errors },
      },
    },
    async (req) => service.list(req.query),
  );

  r.post(
    '/api/admin/support/tickets/:id/answer',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support', 'admin'],
        summary: 'Admins only: answer a ticket (the answer is e-mailed to the sender); optionally close it',
        params: IdParam,
        body: AnswerSupportTicketRequest,
        response: { 200: SupportTicket, ...errors },
      },
    },
    async (req) => service.answer(currentUser(req), req.params.id, req.body.answer, req.body.close ?? false),
  );

  r.post(
    '/api/admin/support/tickets/:id/close',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support', 'admin'],
        summary: 'Admins only: close a ticket',
        params: IdParam,
        response: { 200: SupportTicket, ...errors },
      },
    },
    async (req) => service.close(req.params.id),
  );
}
