import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  ChangePlanRequest,
  PlanBillingHistory,
  PlanChargeRefundResult,
  PlanList,
  RefundPlanChargeRequest,
  SubscribeRequest,
  SubscriptionSummary,
  SubscriptionView,
} from '../../../shared/contracts/plans';
import { refuseCardData } from '../../core/card-data';
import { currentUser } from '../../plugins/auth';

const tags = ['plans'];
const families = ['family'] as const;

/** Plans and subscriptions (ADR 0037). Card data in a body is refused before validation, as for payments. */
export async function planRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.plans;
  app.addHook('preValidation', refuseCardData);

  r.get(
    '/api/plans',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The plan catalogue: each plan’s monthly price in JMD, what it unlocks and its feature texts',
        response: { 200: PlanList },
      },
    },
    async () => service.catalogue(),
  );

  r.post(
    '/api/subscriptions',
    {
      config: { access: [...families], moneyMoving: true },
      schema: {
        tags,
        summary:
          'Subscribe to a paid plan with a card from the hosted card fields (`paymentToken`, saved as a card) or a saved card (`paymentMethodId`). The first month is charged now; a refused card answers 402 and nothing is kept. 409 when the family already has a plan.',
        body: SubscribeRequest,
        response: { 201: SubscriptionView, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.subscribe(currentUser(req), req.body)),
  );

  r.get(
    '/api/subscriptions/me',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary:
          'The family’s plan: Basic, or a paid plan with its status, renewal (or end) date and card brand and last 4',
        response: { 200: SubscriptionView, ...errorResponses(401, 403) },
      },
    },
    async (req) => service.me(currentUser(req)),
  );

  r.post(
    '/api/subscriptions/me/cancel',
    {
      config: { access: [...families], moneyMoving: true },
      schema: {
        tags,
        summary:
          'Cancel the plan in one step: no further charge; it keeps working until the end of the paid period, then the account is on Basic. A confirmation e-mail is sent.',
        response: { 200: SubscriptionView, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => service.cancel(currentUser(req)),
  );

  r.post(
    '/api/subscriptions/me/plan',
    {
      config: { access: [...families], moneyMoving: true },
      schema: {
        tags,
        summary:
          'Change plan: an upgrade takes effect at once with a prorated charge (402 when refused); a downgrade at the end of the paid period. The current plan again undoes a pending downgrade or cancellation.',
        body: ChangePlanRequest,
        response: { 200: SubscriptionView, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => service.changePlan(currentUser(req), req.body),
  );

  r.get(
    '/api/admin/subscriptions/summary',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Plans at a glance: subscribers per plan, monthly recurring revenue (JMD), past-due plans, renewals refused in the last 30 days, refunds',
        response: { 200: SubscriptionSummary, ...errorResponses(401, 403) },
      },
    },
    async () => service.summary(),
  );

  r.get(
    '/api/subscriptions/me/charges',
    {
      config: { access: [...families] },
      schema: {
        tags,
        summary:
          'The family’s billing history: every plan charge (paid or declined), newest first, each with its refunds (amount, date and reason)',
        response: { 200: PlanBillingHistory, ...errorResponses(401, 403) },
      },
    },
    async (req) => app.services.planRefunds.history(currentUser(req)),
  );

  r.post(
    '/api/admin/plans/charges/:id/refund',
    {
      config: { access: ['admin'], moneyMoving: true },
      schema: {
        tags: ['admin'],
        summary:
          'Refund a paid plan charge to the card it was paid with (ADR 0054): all that is left of it, or `amount` (J$) for part; never more than charged minus already refunded (409 REFUND_EXCEEDS_CHARGE). A `reason` is required; the subscriber is told. Requires an Idempotency-Key header: a repeat (or a parallel copy) answers the first refund with 200 and `Idempotent-Replayed: true`.',
        params: IdParam,
        body: RefundPlanChargeRequest,
        response: {
          200: PlanChargeRefundResult,
          201: PlanChargeRefundResult,
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const { result, replayed } = await app.services.planRefunds.refund(
        currentUser(req),
        req.params.id,
        typeof key === 'string' ? key.trim() : undefined,
        req.body,
      );
      if (replayed) return reply.code(200).header('idempotent-replayed', 'true').send(result);
      return reply.code(201).send(result);
    },
  );
}
