import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  PublicUser,
  ResetPasswordRequest,
  SignupRequest,
} from '../../../shared/contracts/auth';
import { ErrorResponse, errorResponses, MessageResponse } from '../../../shared/contracts/common';
import { toPublicUser } from '../../core/public-user';
import { tooManyRequests } from '../../errors';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../plugins/auth';
import { LOGOUT_CONFIRM_PAGE, mayLogOutAtOnce } from './logout-page';

const meta = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], ip: req.ip });
const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.auth;
  const secureCookie = app.env.publicUrl.startsWith('https://');
  // Both counted in PostgreSQL through the rate-limit store set up in app.ts: one limit for every instance.
  const perIp = { max: app.env.authRateLimitPerMinute, timeWindow: '1 minute' };
  const perAddress = app.createRateLimit({
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: (req) => `forgot:${(req.body as { email: string }).email}`,
  });

  r.post(
    '/api/auth/signup',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Create a family or caregiver account and sign in',
        body: SignupRequest,
        response: { 201: AuthResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await service.signup(req.body, meta(req));
      setSessionCookie(reply, result.token, secureCookie);
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequest,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await service.login(req.body, meta(req));
      setSessionCookie(reply, result.token, secureCookie);
      return result;
    },
  );

  r.get(
    '/api/auth/me',
    {
      // 'public' so that ?optional=1 can answer 204 for a visitor: the web app asks on every page load, and
      // a 401 there is logged by browsers as an error (Lighthouse best practices). Without it: 401 as before.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when nobody is; 204 instead with ?optional=1)',
        querystring: z.object({ optional: z.enum(['1']).optional() }),
        response: { 200: PublicUser, 204: z.null(), 401: ErrorResponse },
      },
    },
    async (req, reply) => {
      if (!req.user && req.query.optional === '1') return reply.code(204).send(null);
      return toPublicUser(currentUser(req));
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.logout(req.sessionId);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Navigation logout: revokes the session and redirects to / when the navigation is same-origin ' +
          '(Sec-Fetch-Site same-origin or none); otherwise an HTML page asking to confirm',
        otherResponses: {
          200: { description: 'A page asking to confirm the logout', contentType: 'text/html' },
          302: { description: 'Logged out: redirect to /?loggedOut=1' },
        },
      },
    },
    async (req, reply) => {
      if (req.sessionId !== null && !mayLogOutAtOnce(req)) {
        return reply.type('text/html; charset=utf-8').send(LOGOUT_CONFIRM_PAGE);
      }
      await service.logout(req.sessionId);
      clearSessionCookie(reply);
      return reply.redirect('/?loggedOut=1', 302);
    },
  );

  // The confirm page's button: a plain form post, whose empty urlencoded body only this route accepts.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
    scope.post(
      '/api/logout',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Confirmed navigation logout: revokes the session, redirects to /',
          otherResponses: { 303: { description: 'Logged out: redirect to /?loggedOut=1' } },
        },
      },
      async (req, reply) => {
        await service.logout(req.sessionId);
        clearSessionCookie(reply);
        return reply.redirect('/?loggedOut=1', 303);
      },
    );
  });

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (never reveals whether the address has an account)',
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse, ...errors },
      },
    },
    async (req) => {
      // Per address too, whether or not it has an account, so a 429 reveals nothing.
      const limit = await perAddress(req);
      if (!limit.isAllowed && limit.isExceeded) {
        throw tooManyRequests(
          'Too many reset requests for this email. Try again in an hour.',
          limit.ttlInSeconds,
        );
      }
      return service.forgotPassword(req.body.email);
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token; signs out every session',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await service.resetPassword(req.body.token, req.body.newPassword);
      return { message: 'Your password has been reset. You can now log in.' };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; signs out their other sessions",
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await service.changePassword(user.id, req.sessionId, req.body.currentPassword, req.body.newPassword);
      return { message: 'Password updated' };
    },
  );
}
