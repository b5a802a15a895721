import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../../shared/contracts/common';
import { EmailPreferences } from '../../../shared/contracts/messages';
import { currentUser } from '../../plugins/auth';
import { getEmailPreferences, setEmailPreferences } from './preferences';

export async function emailPreferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Which e-mails the signed-in user wants',
        response: { 200: EmailPreferences, 401: ErrorResponse },
      },
    },
    async (req) => getEmailPreferences(app.db, currentUser(req).id),
  );

  r.put(
    '/api/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Turn e-mail kinds on or off',
        body: EmailPreferences,
        response: { 200: EmailPreferences, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (req) => {
      const id = currentUser(req).id;
      await setEmailPreferences(app.db, id, req.body);
      return getEmailPreferences(app.db, id);
    },
  );
}
