import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contracts/common';
import { DeleteAccountRequest, DeleteAccountResponse } from '../../../shared/contracts/privacy';
import { clearSessionCookie, currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function privacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.privacy;
  // Password checks cost a hash each: the same per-IP limit as login.
  const perIp = { max: app.env.authRateLimitPerMinute, timeWindow: '1 minute' };

  r.get(
    '/api/me/export',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['privacy'],
        summary:
          'Download my data: a JSON file (attachment) of the signed-in user’s profile, caregiver record, bookings, messages, reviews and notifications',
        otherResponses: {
          200: { description: 'The JSON file, as an attachment', contentType: 'application/json' },
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const now = new Date();
      const data = await service.exportData(user.id, now);
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="yaadcare-data-${user.id}-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  r.delete(
    '/api/me',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['privacy'],
        summary:
          'Delete my account (password required): signs out everywhere at once; personal data removed within 30 days',
        body: DeleteAccountRequest,
        response: { 200: DeleteAccountResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await service.deleteAccount(currentUser(req).id, req.body.password);
      clearSessionCookie(reply);
      return result;
    },
  );
}
