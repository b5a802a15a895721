import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  PaymentMethodList,
  PaymentMethodView,
  SavePaymentMethodRequest,
} from '../../../shared/contracts/payment-methods';
import { z } from '../../../shared/contracts/zod';
import { currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['payments'];
const families = ['family'] as const;

/**
 * A family's saved cards (ADR 0032). Registered inside paymentRoutes, so its card-data guard refuses a
 * card number or code before validation. Caregivers and admins get 403, another family's card 404.
 */
export function savedCardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.savedCards;

  r.get(
    '/api/payment-methods',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary: 'The family’s saved cards (brand, last 4, expiry, which is the default), default first',
        response: { 200: PaymentMethodList, ...errors },
      },
    },
    async (req) => service.list(currentUser(req)),
  );

  r.post(
    '/api/payment-methods',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary:
          'Save a card from the `paymentToken` of the provider’s hosted card fields (the first card becomes the default; series visits are held on the default 48 h before they start). At most 5 cards (409). A body carrying a card number or security code is refused with 400.',
        body: SavePaymentMethodRequest,
        response: { 201: PaymentMethodView, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.save(currentUser(req), req.body)),
  );

  r.delete(
    '/api/payment-methods/:id',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary:
          'Remove a saved card (the provider forgets it too); the oldest other card becomes the default',
        params: IdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.remove(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/payment-methods/:id/default',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary: 'Make a saved card the default (the one series visits are held on)',
        params: IdParam,
        response: { 200: PaymentMethodView, ...errors },
      },
    },
    async (req) => service.makeDefault(currentUser(req), req.params.id),
  );
}
