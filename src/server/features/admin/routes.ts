import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUser,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminVerificationsQuery,
  AdminVerificationsResponse,
  SuspendUserRequest,
  VerificationDecisionRequest,
} from '../../../shared/contracts/admin';
import { ErrorResponse, errorResponses, IdParam } from '../../../shared/contracts/common';
import { UserIdParam, VerificationState } from '../../../shared/contracts/verification';
import { toPublicUser } from '../../core/public-user';
import { currentUser } from '../../plugins/auth';
import { adminRepo } from './repo';

const errors = errorResponses(400, 401, 403, 404, 409);
const toAdminUser = (
  u: Parameters<typeof toPublicUser>[0] & { suspendedAt: Date | null; deletedAt?: Date | null },
) => ({
  ...toPublicUser(u),
  suspendedAt: u.suspendedAt?.toISOString() ?? null,
  deletedAt: u.deletedAt?.toISOString() ?? null,
});

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { verification, admin } = app.services;

  r.get(
    '/api/admin/users',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: list and search users by name or email',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (req) => {
      const { rows, total } = await adminRepo.listUsers(app.db, req.query);
      return { total, users: rows.map(toAdminUser) };
    },
  );

  r.post(
    '/api/admin/users/:id/suspension',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Admins only: suspend (signs the user out everywhere, refuses logins, takes a caregiver out of search) or restore',
        params: IdParam,
        body: SuspendUserRequest,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (req) => toAdminUser(await admin.setSuspended(currentUser(req), req.params.id, req.body.suspended)),
  );

  r.get(
    '/api/admin/verifications',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: verifications in a status (default submitted), oldest submission first',
        querystring: AdminVerificationsQuery,
        response: { 200: AdminVerificationsResponse, ...errors },
      },
    },
    async (req) => verification.list(req.query),
  );

  r.get(
    '/api/admin/verifications/:userId',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: one verification record with its documents',
        params: UserIdParam,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) => verification.get(currentUser(req), req.params.userId),
  );

  r.post(
    '/api/admin/verifications/:userId/decision',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Admins only: approve or reject one step (email, phone, id, selfie, address, background) with a reason',
        params: UserIdParam,
        body: VerificationDecisionRequest,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) =>
      verification.decide(
        currentUser(req),
        req.params.userId,
        req.body.step,
        req.body.approved,
        req.body.reason,
      ),
  );

  // Admin-only copies of the job, for operators and tests.
  r.post(
    '/api/admin/jobs/police-record-reminders',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: send due police record renewal reminders now (the server also runs it hourly)',
        response: { 200: z.object({ reminded: z.number().int() }), ...errors },
      },
    },
    async () => ({ reminded: await verification.remindPoliceRecordRenewals() }),
  );
}
