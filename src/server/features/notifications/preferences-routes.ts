import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, errorResponses } from '../../../shared/contracts/common';
import { EmailPreferences } from '../../../shared/contracts/messages';
import {
  NotificationPhone,
  NotificationPreferences,
  PhoneCodeSent,
  SetPhoneRequest,
  UpdateNotificationPreferencesRequest,
  VerifyPhoneRequest,
} from '../../../shared/contracts/notification-preferences';
import { currentUser } from '../../plugins/auth';
import { getEmailPreferences, setEmailPreferences } from './preferences';

export async function emailPreferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notificationPreferences: prefs, notificationPhone: phone } = app.services;
  const perIp = { max: app.env.authRateLimitPerMinute, timeWindow: '1 minute' };

  // The spec's e-mail switches: the e-mail column of the same groups in the matrix below (ADR 0036).
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

  r.get(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Your channels per kind of notice, quiet hours, time zone and the phone texts go to',
        response: { 200: NotificationPreferences, 401: ErrorResponse },
      },
    },
    async (req) => prefs.get(currentUser(req).id),
  );

  r.put(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary:
          'Save the whole matrix (e-mail, SMS, WhatsApp per kind) and quiet hours (HH:mm in your time zone); ' +
          'turning SMS or WhatsApp on needs a verified phone (409)',
        body: UpdateNotificationPreferencesRequest,
        response: { 200: NotificationPreferences, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req) => prefs.update(currentUser(req).id, req.body),
  );

  r.post(
    '/api/users/me/phone',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['users'],
        summary:
          'Set the phone notices are texted to and text it a 6-digit code (10 minutes, 5 tries, ' +
          '5 codes an hour); a new number is unverified until its code comes back',
        body: SetPhoneRequest,
        response: { 200: PhoneCodeSent, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (req) => phone.sendCode(currentUser(req).id, req.body.phone),
  );

  r.post(
    '/api/users/me/phone/verify',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['users'],
        summary: 'Check the texted code; the phone then receives the SMS and WhatsApp notices you turn on',
        body: VerifyPhoneRequest,
        response: { 200: NotificationPhone, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => phone.verifyCode(currentUser(req).id, req.body.code),
  );
}
