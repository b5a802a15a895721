import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminPaymentsQuery, AdminPaymentsResponse } from '../../../shared/contracts/admin-payments';
import { BookingIdParam } from '../../../shared/contracts/bookings';
import { ErrorResponse, errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  AdminPaymentList,
  CreatePaymentRequest,
  CreateTipRequest,
  DeclinedPayment,
  HostedPaymentResponse,
  PaymentView,
  TipView,
} from '../../../shared/contracts/payments';
import { refuseCardData } from '../../core/card-data';
import { currentUser } from '../../plugins/auth';
import { reconciliationRoutes } from './reconciliation-routes';
import { savedCardRoutes } from './saved-cards-routes';
import { PaymentDeclined } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Payments (issue 5): card/wallet/PayPal holds through the provider, transfers confirmed by an admin. */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.payments;
  // Card numbers and codes go to the provider's hosted fields, never here: refused before validation
  // (whose errors could echo them), and the body is never logged.
  app.addHook('preValidation', refuseCardData);
  savedCardRoutes(app);
  reconciliationRoutes(app);

  r.post(
    '/api/payments',
    {
      config: { access: ['family'], moneyMoving: true },
      schema: {
        tags: ['payments'],
        summary:
          'Pay for a booking (card and wallets authorize a hold with the `paymentToken` of the provider’s hosted card fields, captured on completion; bank/Zelle/Cash App await an admin). Requires an Idempotency-Key header: a repeat answers the first result. A body carrying a card number or security code is refused with 400.',
        body: CreatePaymentRequest,
        response: { 200: PaymentView, 201: PaymentView, 402: DeclinedPayment, ...errors },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      try {
        const { payment, replayed } = await service.create(
          currentUser(req),
          typeof key === 'string' ? key.trim() : undefined,
          req.body,
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(payment);
      } catch (err) {
        if (err instanceof PaymentDeclined) {
          return reply
            .code(402)
            .send({ ...err.view, message: err.message, code: err.code, requestId: req.id });
        }
        throw err;
      }
    },
  );

  r.post(
    '/api/bookings/:id/hosted-payment',
    {
      config: { access: ['family'], rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary:
          'Start a card payment on the provider’s hosted page with 3-D Secure (ADR 0053): the family who booked or a payer of its care circle. With PowerTranz: the RedirectData the payment page shows in its frame, for the amount the server computes; the page ends with the single-use token for POST /api/payments. Nothing is held until then. With hosted fields (the sandbox): `{ cardEntry: "hosted-fields" }`. Requires an Idempotency-Key header: a repeat answers the same transaction. No body.',
        params: BookingIdParam,
        response: { 200: HostedPaymentResponse, 402: ErrorResponse, ...errors, 502: ErrorResponse },
      },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      return service.beginHosted(
        currentUser(req),
        req.params.id,
        typeof key === 'string' ? key.trim() : undefined,
      );
    },
  );

  r.post(
    '/api/bookings/:id/tip',
    {
      config: { access: ['family'], moneyMoving: true },
      schema: {
        tags: ['payments'],
        summary:
          'Tip the caregiver after a completed visit (ADR 0051): the family who booked it or a payer of its care circle, charged to one of their saved cards, 100 % to the caregiver. J$100 to J$50,000 or half the booking total, whichever is lower; within 14 days of the visit; one tip per booking (409 after). Requires an Idempotency-Key header: a repeat answers the first tip.',
        params: BookingIdParam,
        body: CreateTipRequest,
        response: { 200: TipView, 201: TipView, 402: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const { tip, replayed } = await app.services.tips.create(
        currentUser(req),
        req.params.id,
        typeof key === 'string' ? key.trim() : undefined,
        req.body,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(tip);
    },
  );

  r.get(
    '/api/payments/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'One payment: the family who made it or an admin',
        params: IdParam,
        response: { 200: PaymentView, ...errors },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  r.get(
    '/api/bookings/:id/payments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Every payment attempt for a booking: its family or an admin',
        params: BookingIdParam,
        response: { 200: PaymentView.array(), ...errors },
      },
    },
    async (req) => service.forBooking(currentUser(req), req.params.id),
  );

  r.get(
    '/api/admin/payments',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Admins only: payments (holds, transfers, captures, refunds) and payouts with their ledger entries, newest first, by booking and user (family or caregiver), 20 a page',
        querystring: AdminPaymentsQuery,
        response: { 200: AdminPaymentsResponse, ...errors },
      },
    },
    async (req) => service.adminMoney(req.query),
  );

  r.get(
    '/api/admin/payments/awaiting-transfer',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Bank, Zelle and Cash App payments waiting for the money to arrive',
        response: { 200: AdminPaymentList, ...errors },
      },
    },
    async () => service.awaitingTransfer(),
  );

  r.post(
    '/api/admin/payments/:id/received',
    {
      config: { access: ['admin'], moneyMoving: true },
      schema: {
        tags: ['admin'],
        summary: 'Mark a transfer received: the money is held for the booking',
        params: IdParam,
        response: { 200: PaymentView, ...errors },
      },
    },
    async (req) => service.markReceived(currentUser(req), req.params.id),
  );
}
