import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/catalog';
import { forbidden, unauthorized } from '../errors';
import { type SessionUser, sessions } from '../features/auth/sessions';

export const SESSION_COOKIE = 'yc_session';

/**
 * Who may call a route. Every route states it (app start fails otherwise):
 * 'public' — anyone; 'user' — any signed-in user; a role list — signed-in users of those roles.
 */
export type Access = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: number | null;
  }
}

export function sessionToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (m && m[1] !== 'null' && m[1] !== 'undefined') return m[1];
  }
  return req.cookies?.[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 30 * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user or a 401: for handlers of routes whose access already guarantees one. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not state who may call it (config.access)`);
    }
  });

  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') {
      // Public routes still know who is calling, when someone is.
      if (access === 'public') await resolveUser(app, req);
      return;
    }
    await resolveUser(app, req);
    if (!req.user) throw unauthorized();
    if (access !== 'user' && !access.includes(req.user.userType)) throw forbidden();
  });
});

async function resolveUser(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = sessionToken(req);
  if (!token) return;
  const found = await sessions.findActive(app.db, token);
  if (!found) return;
  req.user = found.user;
  req.sessionId = found.sessionId;
}
