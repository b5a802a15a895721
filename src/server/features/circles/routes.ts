import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CIRCLE_MESSAGES,
  CircleIdParam,
  CircleInvitationParams,
  CircleList,
  CircleMemberParams,
  CircleView,
  CreateCircleRequest,
  CreatedInvitation,
  CreateInvitationRequest,
  InvitationList,
  InvitationPreview,
  InvitationTokenParam,
  UpdateMemberRequest,
} from '../../../shared/contracts/circles';
import { errorResponses } from '../../../shared/contracts/common';
import { notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const families = ['family'] as const;
const tags = ['circles'];
/** Per signed-in user (every instance counts in PostgreSQL): plenty for a family, not for a spammer. */
const perUser = (max: number, name: string) => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => `${name}:${req.user?.id ?? req.ip}`,
});

/** Care circles (ADR 0024): every handler's service call asks the circle policy; non-members get 404. */
export async function circleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.circles;

  // A circle's routes answer its members only: decided before the body is read (after the route's role
  // check in the auth plugin), so that a stranger gets the same 404 whatever they send. An id that is no
  // id is left to the params schema (400).
  app.addHook('onRequest', async (req) => {
    const id = (req.params as { id?: string }).id;
    if (
      !req.routeOptions.url?.startsWith('/api/circles/:id') ||
      !req.user ||
      !/^[1-9]\d{0,9}$/.test(id ?? '')
    ) {
      return;
    }
    const circleId = Number(id);
    if (circleId > 2_147_483_647 || !(await service.isMember(req.user.id, circleId))) {
      throw notFound(CIRCLE_MESSAGES.circleNotFound);
    }
  });

  r.post(
    '/api/circles',
    {
      config: { access: families, rateLimit: perUser(20, 'circle-create') },
      schema: {
        tags,
        summary:
          'Create a care circle for a care recipient (family accounts); the creator holds coordinator and payer until others accept',
        body: CreateCircleRequest,
        response: { 201: CircleView, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(currentUser(req), req.body)),
  );

  r.get(
    '/api/circles',
    {
      config: { access: families },
      schema: {
        tags,
        summary: 'My care circles, each with my roles',
        response: { 200: CircleList, ...errors },
      },
    },
    async (req) => service.list(currentUser(req)),
  );

  r.get(
    '/api/circles/:id',
    {
      config: { access: families },
      schema: {
        tags,
        summary: 'One care circle: its recipient and members (members only; 404 for anyone else)',
        params: CircleIdParam,
        response: { 200: CircleView, ...errors },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  r.post(
    '/api/circles/:id/invitations',
    {
      config: { access: families, rateLimit: perUser(50, 'circle-invite') },
      schema: {
        tags,
        summary:
          'Invite someone by e-mail with a role (coordinators); the link is in this answer and the e-mail only, valid 7 days',
        params: CircleIdParam,
        body: CreateInvitationRequest,
        response: { 201: CreatedInvitation, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.invite(currentUser(req), req.params.id, req.body)),
  );

  r.get(
    '/api/circles/:id/invitations',
    {
      config: { access: families },
      schema: {
        tags,
        summary: 'The circle’s open invitations, without their links (coordinators)',
        params: CircleIdParam,
        response: { 200: InvitationList, ...errors },
      },
    },
    async (req) => service.listInvitations(currentUser(req), req.params.id),
  );

  r.delete(
    '/api/circles/:id/invitations/:invitationId',
    {
      config: { access: families },
      schema: {
        tags,
        summary: 'Revoke an open invitation (coordinators): its link stops working',
        params: CircleInvitationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.revokeInvitation(currentUser(req), req.params.id, req.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/invitations/:token',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'What an invitation is, for the signed-in family account it was sent to (another account: 403; expired: 404 INVITATION_EXPIRED)',
        params: InvitationTokenParam,
        response: { 200: InvitationPreview, ...errors },
      },
    },
    async (req) => service.preview(currentUser(req), req.params.token),
  );

  r.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Accept an invitation: the signed-in family account it was sent to joins the circle (again: the same answer)',
        params: InvitationTokenParam,
        response: { 200: CircleView, ...errors },
      },
    },
    async (req) => service.accept(currentUser(req), req.params.token),
  );

  r.patch(
    '/api/circles/:id/members/:userId',
    {
      config: { access: families },
      schema: {
        tags,
        summary:
          'Change a member’s roles (coordinators; the payer role is given only by a payer: 403 CIRCLE_PAYER_GRANT_FORBIDDEN), or one’s own cap (payers; nobody changes another’s cap: 403 CIRCLE_CAP_OWNER_ONLY); 409 when no coordinator or payer would be left',
        params: CircleMemberParams,
        body: UpdateMemberRequest,
        response: { 200: CircleView, ...errors },
      },
    },
    async (req) => service.updateMember(currentUser(req), req.params.id, req.params.userId, req.body),
  );

  r.delete(
    '/api/circles/:id/members/:userId',
    {
      config: { access: families },
      schema: {
        tags,
        summary: 'Remove a member (coordinators) or leave (oneself); 409 for the last coordinator or payer',
        params: CircleMemberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.removeMember(currentUser(req), req.params.id, req.params.userId);
      return reply.code(204).send(null);
    },
  );
}
