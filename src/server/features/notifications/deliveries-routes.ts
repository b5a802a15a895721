import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  AdminDeliveriesQuery,
  AdminDeliveriesResponse,
  MyDeliveriesQuery,
  MyDeliveriesResponse,
  RetryDeliveryResponse,
} from '../../../shared/contracts/deliveries';
import { currentUser } from '../../plugins/auth';
import { deliveryWebhookRoutes } from './deliveries-webhooks';

/** The delivery outbox's API (ADR 0033): my deliveries, the admin log and retry, the providers' receipts. */
export async function deliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deliveries } = app.services;

  r.get(
    '/api/notifications/deliveries',
    {
      config: { access: 'user' },
      schema: {
        tags: ['deliveries'],
        summary: 'Your notices by e-mail, SMS and WhatsApp, newest first, with how far each got',
        querystring: MyDeliveriesQuery,
        response: { 200: MyDeliveriesResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => deliveries.listMine(currentUser(req).id, req.query.page),
  );

  r.get(
    '/api/admin/deliveries',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['deliveries'],
        summary:
          'Admins only: the delivery log, filtered by user (id or e-mail), notice kind, channel, status',
        querystring: AdminDeliveriesQuery,
        response: { 200: AdminDeliveriesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => deliveries.listForAdmin(req.query),
  );

  r.post(
    '/api/admin/deliveries/:id/retry',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['deliveries'],
        summary:
          'Admins only: send a failed (or sent, never confirmed delivered) notice again now; 409 while queued',
        params: IdParam,
        response: { 200: RetryDeliveryResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({ delivery: await deliveries.retry(currentUser(req), req.params.id) }),
  );

  await app.register(deliveryWebhookRoutes);
}
