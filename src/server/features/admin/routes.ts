import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminUsersQuery, AdminUsersResponse } from '../../../shared/contracts/admin';
import { ErrorResponse } from '../../../shared/contracts/common';
import { toPublicUser } from '../auth/service';
import { adminRepo } from './repo';

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      return {
        total,
        users: rows.map((u) => ({ ...toPublicUser(u), suspendedAt: u.suspendedAt?.toISOString() ?? null })),
      };
    },
  );
}
