import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Id, IdParam } from '../../../shared/contracts/common';
import { AdminReport, ReportRequest } from '../../../shared/contracts/messages';
import { badRequest, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { messageRepo, toMessage } from '../messages/repo';
import { publicPerson } from '../messages/service';
import { notificationRepo } from '../notifications/repo';
import { safetyRepo } from './repo';

const UserIdParam = z.object({ userId: Id('userId') });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Blocking and reporting users from the chat; the admin report queue. */
export async function safetyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The other user, who must exist, not be the caller and not be YaadCare Support. */
  const otherUser = async (me: number, userId: number) => {
    if (userId === me) throw badRequest("You can't do that to yourself.");
    const other = await messageRepo.person(app.db, userId);
    if (!other) throw notFound('User not found');
    if (other.isSupport) throw badRequest('YaadCare Support cannot be blocked or reported.');
    return other;
  };

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
      const me = currentUser(req).id;
      await otherUser(me, req.params.userId);
      await safetyRepo.block(app.db, me, req.params.userId);
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
      const me = currentUser(req).id;
      await otherUser(me, req.params.userId);
      await safetyRepo.unblock(app.db, me, req.params.userId);
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
      const other = await otherUser(me.id, req.params.userId);
      const id = await app.db.transaction(async (tx) => {
        const reportId = await safetyRepo.report(tx, me.id, other.id, req.body.reason);
        await notificationRepo.addForAdmins(tx, {
          kind: 'report',
          title: 'New user report',
          body: `${me.firstName} ${me.lastName} reported ${other.firstName} ${other.lastName}.`,
          link: '/admin',
        });
        return reportId;
      });
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
        querystring: z.object({
          status: z.enum(['open', 'resolved']).default('open'),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.array(AdminReport), 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (req) => {
      const reports = await safetyRepo.list(app.db, req.query.status, req.query.limit);
      return Promise.all(
        reports.map(async (rep) => {
          const [reporter, reported, conversation] = await Promise.all([
            messageRepo.person(app.db, rep.reporterId),
            messageRepo.person(app.db, rep.reportedId),
            messageRepo.oldestFirst(app.db, rep.reporterId, rep.reportedId, 50),
          ]);
          if (!reporter || !reported) throw notFound('User not found');
          return {
            id: rep.id,
            reason: rep.reason,
            status: rep.status,
            createdAt: rep.createdAt.toISOString(),
            reporter: publicPerson(reporter),
            reported: { ...publicPerson(reported), suspended: reported.suspendedAt !== null },
            conversation: conversation.map((m) => toMessage(m)),
          };
        }),
      );
    },
  );

  r.post(
    '/api/admin/reports/:id/resolve',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Close a report',
        params: IdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      if (!(await safetyRepo.resolve(app.db, req.params.id, currentUser(req).id))) {
        throw notFound('Report not found');
      }
      return reply.code(204).send(null);
    },
  );
}
