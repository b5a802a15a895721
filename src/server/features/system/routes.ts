import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppConfigResponse } from '../../../shared/contracts/auth';
import { ErrorResponse } from '../../../shared/contracts/common';
import { listOutbox } from '../../adapters/mailer';
import { listSmsOutbox } from '../../adapters/sms';
import { notFound, serviceUnavailable } from '../../errors';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Answers 200 only when the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: ErrorResponse,
        },
      },
    },
    async (req) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        throw serviceUnavailable('The database is not answering.');
      }
    },
  );

  r.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs',
        response: { 200: AppConfigResponse },
      },
    },
    async () => ({
      demoMode: app.env.demoMode,
      supportEmail: app.env.supportEmail,
      supportPhone: app.env.supportPhone,
      supportUserId: app.supportUserId,
      // PowerTranz takes cards on its own hosted page (ADR 0053); the sandbox in its hosted fields.
      cardEntry: app.payments.beginHostedPayment ? ('hosted-page' as const) : ('hosted-fields' as const),
    }),
  );

  // The outboxes hold every user's reset links and codes: admins only (ADR 0011), and only in demo mode.
  const adminErrors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  r.get(
    '/api/dev/outbox',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['system'],
        summary: 'Admins, demo mode only: the mail written to the outbox, newest first (404 otherwise)',
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              createdAt: z.date(),
            }),
          ),
          ...adminErrors,
        },
      },
    },
    async () => {
      if (!app.env.demoMode || app.mailer.kind !== 'outbox')
        throw notFound('The outbox is only available in demo mode.');
      return listOutbox(app.db);
    },
  );

  r.get(
    '/api/dev/sms-outbox',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['system'],
        summary:
          'Admins, demo mode only: the SMS and sandbox WhatsApp messages kept in the outbox, newest first',
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              to: z.string(),
              body: z.string(),
              /** sms, or whatsapp for the delivery outbox's sandbox WhatsApp channel (ADR 0033). */
              channel: z.enum(['sms', 'whatsapp']),
              createdAt: z.date(),
            }),
          ),
          ...adminErrors,
        },
      },
    },
    async () => {
      if (!app.env.demoMode || app.sms.kind !== 'outbox')
        throw notFound('The SMS outbox is only available in demo mode.');
      return listSmsOutbox(app.db);
    },
  );
}
