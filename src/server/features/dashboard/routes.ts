import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Id } from '../../../shared/contracts/common';
import { CaregiverDashboardResponse, FamilyDashboardResponse } from '../../../shared/contracts/dashboard';
import { seedBadgeCatalog } from '../../demo-data/badges';
import { currentUser } from '../../plugins/auth';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const CaregiverIdParam = z.object({ caregiverId: Id('caregiverId') });

export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.dashboard;
  // The badge catalog is seeded at start (new badges of a release appear; existing ones are kept).
  app.addHook('onReady', async () => {
    await seedBadgeCatalog(app.db);
  });

  r.get(
    '/api/caregiver/dashboard',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['dashboard'],
        summary:
          "The signed-in caregiver's dashboard: caregiver, stats, badges, recentBookings, achievements",
        response: { 200: CaregiverDashboardResponse, ...errors },
      },
    },
    async (req) => service.caregiver(currentUser(req), undefined, new Date()),
  );

  r.get(
    '/api/caregiver/:caregiverId/dashboard',
    {
      config: { access: ['caregiver', 'admin'] },
      schema: {
        tags: ['dashboard'],
        summary: "A caregiver's dashboard: that caregiver or an admin only (403 otherwise)",
        params: CaregiverIdParam,
        response: { 200: CaregiverDashboardResponse, ...errors },
      },
    },
    async (req) => service.caregiver(currentUser(req), req.params.caregiverId, new Date()),
  );

  r.get(
    '/api/family/dashboard',
    {
      config: { access: ['family', 'admin'] },
      schema: {
        tags: ['dashboard'],
        summary:
          "The signed-in family's dashboard: upcoming and past bookings, spending, unread messages, profile completeness, favourites, care categories",
        response: { 200: FamilyDashboardResponse, ...errors },
      },
    },
    async (req) => service.family(currentUser(req), new Date()),
  );
}
