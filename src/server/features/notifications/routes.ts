import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam } from '../../../shared/contracts/common';
import { NotificationsResponse } from '../../../shared/contracts/notifications';
import { notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { notificationRepo } from './repo';

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's in-app notifications, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: NotificationsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (req) => {
      const { items, unread } = await notificationRepo.list(app.db, currentUser(req).id, req.query.limit);
      return {
        unread,
        items: items.map((n) => ({
          id: n.id,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link,
          readAt: n.readAt?.toISOString() ?? null,
          createdAt: n.createdAt.toISOString(),
        })),
      };
    },
  );

  r.post(
    '/api/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: z.object({ updated: z.number().int() }), 401: ErrorResponse },
      },
    },
    async (req) => ({
      updated: await app.db.transaction((tx) => notificationRepo.markAllRead(tx, currentUser(req).id)),
    }),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: IdParam,
        response: { 204: z.null(), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req, reply) => {
      if (!(await notificationRepo.markRead(app.db, currentUser(req).id, req.params.id))) {
        throw notFound('Notification not found');
      }
      return reply.code(204).send(null);
    },
  );
}
