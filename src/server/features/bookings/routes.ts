import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingIdParam,
  BookingList,
  BookingListQuery,
  BookingView,
  CancelBookingRequest,
  CounterProposalCreated,
  CounterProposalRequest,
  CreateBookingRequest,
  DeclineBookingRequest,
  EndAfterTrialRequest,
  EndAfterTrialResult,
  FamilyUserIdParam,
  RescheduleBookingRequest,
} from '../../../shared/contracts/bookings';
import { errorResponses } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import { getWithSpecAlias } from '../../plugins/openapi';

const errors = errorResponses(400, 401, 403, 404, 409);

const BookingEvents = z.array(
  z.object({
    from: z.string().nullable(),
    to: z.string(),
    actorUserId: z.number().nullable(),
    at: z.string(),
  }),
);

/** Bookings (docs/product.md#records, #booking-states-and-transitions, #the-api-contract): requests, the state machine, and each side's lists. */
export async function bookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.bookings;

  r.post(
    '/api/bookings',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['bookings'],
        summary:
          'Request a booking (either payload of docs/product.md#records); priced on the server from the caregiver’s rate, pending. With circleId (a coordinator of that care circle): for its recipient, awaiting_approval when the circle requires approval or the month would pass a payer’s cap',
        body: CreateBookingRequest,
        response: { 201: BookingView, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/bookings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary: 'My bookings: as the family, or as the caregiver (status=pending,confirmed filters)',
        querystring: BookingListQuery,
        response: { 200: BookingList, ...errors },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  // The spec's path, served as it is but left out of the OpenAPI document: beside /api/bookings/{id}/accept
  // and the other actions its template is ambiguous, so the document names the alias instead (ADR 0019).
  getWithSpecAlias(
    r,
    { documented: '/api/families/:userId/bookings', spec: '/api/bookings/family/:userId' },
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary: 'A family’s bookings (docs/product.md#the-api-contract): the family themselves or an admin',
        params: FamilyUserIdParam,
        response: { 200: BookingList, ...errors },
      },
    },
    async (req) => service.listForFamily(currentUser(req), req.params.userId),
  );

  r.get(
    '/api/bookings/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary: 'One booking: its family, its caregiver or an admin (404 for anyone else)',
        params: BookingIdParam,
        response: { 200: BookingView, ...errors },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  r.get(
    '/api/bookings/:id/events',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary: 'Every state change of a booking: from, to, who and when',
        params: BookingIdParam,
        response: { 200: BookingEvents, ...errors },
      },
    },
    async (req) => service.events(currentUser(req), req.params.id),
  );

  // money: the transition's settlement can call the provider or post to the ledger (ADR 0042).
  const transitions = [
    {
      path: 'accept',
      access: ['caregiver'] as const,
      money: false,
      summary: 'The caregiver accepts a pending request',
    },
    {
      path: 'decline',
      access: ['caregiver'] as const,
      money: true,
      summary: 'The caregiver declines a pending request',
    },
    {
      path: 'cancel',
      access: ['family', 'caregiver'] as const,
      money: true,
      summary:
        'Cancel a pending or confirmed booking (family: free 24 h or more ahead, later 50% of the subtotal to the caregiver; caregiver: full refund)',
    },
    {
      path: 'complete',
      access: ['caregiver'] as const,
      money: true,
      summary: 'The caregiver marks a confirmed booking completed after its end; the payment is captured',
    },
    {
      path: 'approve',
      access: ['family'] as const,
      money: false,
      summary:
        'A payer of the booking’s care circle approves it: it goes to the caregiver as a pending request (coordinators and viewers 403, the payer who requested it 403 APPROVAL_BY_REQUESTER, others 404)',
    },
    {
      path: 'decline-approval',
      access: ['family'] as const,
      money: false,
      summary:
        'A payer of the booking’s care circle declines it: it ends as declined, and the caregiver never sees it (coordinators and viewers 403, the payer who requested it 403 APPROVAL_BY_REQUESTER, others 404)',
    },
  ] as const;
  r.post(
    '/api/bookings/:id/reschedule',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['bookings'],
        summary:
          'The family side (the booker, or a coordinator of its care circle) moves a pending or confirmed booking to another date and start, same length, until 24 h before its current start: it goes back to the caregiver as a pending request (decline or no answer in 24 h ends it, anything held released). 409 BOOKING_OVERLAP when the caregiver is booked then',
        params: BookingIdParam,
        body: RescheduleBookingRequest,
        response: { 200: BookingView, ...errors },
      },
    },
    async (req) => service.reschedule(currentUser(req), req.params.id, req.body),
  );

  r.post(
    '/api/bookings/:id/counter-proposal',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['bookings'],
        summary:
          'The booking’s caregiver proposes another date and time for a pending request instead of declining it (ADR 0048): in the future, on the hour, not overlapping their other pending or confirmed bookings (409 BOOKING_OVERLAP); one open proposal per booking (a new one replaces it). The family side hears of it',
        params: BookingIdParam,
        body: CounterProposalRequest,
        response: { 201: CounterProposalCreated, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.proposeTime(currentUser(req), req.params.id, req.body)),
  );

  r.post(
    '/api/bookings/:id/counter-proposal/accept',
    {
      config: { access: ['family'], moneyMoving: true },
      schema: {
        tags: ['bookings'],
        summary:
          'The family who booked (for a care circle: a coordinator, or a payer when it costs more) accepts the open proposal: the booking moves to that time and is confirmed, priced again at its rate; a payment that no longer matches the total is released in full, to be paid again (ADR 0048). 409 when no proposal is open, the booking is no longer pending, or the time is taken',
        params: BookingIdParam,
        response: { 200: BookingView, ...errors },
      },
    },
    async (req) => service.acceptProposal(currentUser(req), req.params.id),
  );

  r.post(
    '/api/bookings/:id/counter-proposal/decline',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['bookings'],
        summary:
          'The family side declines the open proposal: it closes, and the request stays pending at its time for the caregiver to accept or decline (ADR 0048)',
        params: BookingIdParam,
        response: { 200: BookingView, ...errors },
      },
    },
    async (req) => service.declineProposal(currentUser(req), req.params.id),
  );

  r.post(
    '/api/bookings/:id/end-after-trial',
    {
      config: { access: ['family', 'caregiver'], moneyMoving: true },
      schema: {
        tags: ['bookings'],
        summary:
          'Either side of a completed trial visit ends the relationship within 14 days of its end: every booking between them still to come is cancelled with no fee for either side, anything held or paid released or refunded in full; the other side hears of it (ADR 0048)',
        params: BookingIdParam,
        body: EndAfterTrialRequest,
        response: { 200: EndAfterTrialResult, ...errors },
      },
    },
    async (req) => service.endAfterTrial(currentUser(req), req.params.id, req.body?.reason),
  );

  type DeclineBody = z.output<typeof DeclineBookingRequest>;
  const handlers = {
    accept: service.accept,
    decline: service.decline,
    cancel: service.cancel,
    complete: service.complete,
    approve: service.approve,
    'decline-approval': service.declineApproval,
  } as const;
  for (const t of transitions) {
    r.post(
      `/api/bookings/:id/${t.path}`,
      {
        config: { access: t.access, moneyMoving: t.money },
        schema: {
          tags: ['bookings'],
          summary: t.summary,
          params: BookingIdParam,
          ...(t.path === 'cancel' ? { body: CancelBookingRequest } : {}),
          ...(t.path === 'decline' ? { body: DeclineBookingRequest } : {}),
          response: { 200: BookingView, ...errors },
        },
      },
      async (req) =>
        t.path === 'decline'
          ? service.decline(currentUser(req), req.params.id, (req.body as DeclineBody)?.reason)
          : handlers[t.path](currentUser(req), req.params.id),
    );
  }
}
