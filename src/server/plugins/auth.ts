import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/catalog';
import type { users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';

export const SESSION_COOKIE = 'yc_session';

/** The signed-in user a request carries: the account without its secrets. */
export type SessionUser = Omit<typeof users.$inferSelect, 'password' | 'resetToken' | 'resetTokenExpiry'>;

/** Looks up the live session of a token (the auth feature's sessions, given by app.ts). */
export type FindSession = (token: string) => Promise<{ sessionId: number; user: SessionUser } | undefined>;

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

/**
 * The credential a request presents. An Authorization header, whatever it holds, is the only one looked at:
 * a request that sends one is never served as the cookie's user (a bad or stale token must not quietly
 * become someone else's session). Without the header, the session cookie.
 */
export function sessionCredential(
  req: FastifyRequest,
): { source: 'header' | 'cookie'; token: string | undefined } | null {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return { source: 'header', token: m?.[1] };
  }
  const cookieToken = req.cookies?.[SESSION_COOKIE];
  return cookieToken ? { source: 'cookie', token: cookieToken } : null;
}

/** The session token the request presents, if any (see sessionCredential). */
export function sessionToken(req: FastifyRequest): string | undefined {
  return sessionCredential(req)?.token;
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

export const authPlugin = fp(async (app: FastifyInstance, opts: { findSession: FindSession }) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not state who may call it (config.access)`);
    }
  });

  // Access is decided in onRequest, before the body is even read: a caller without the right role gets its
  // 401/403 whatever it sent (no validation rules, no 400/413 for a body it had no business sending).
  // @fastify/cookie, registered just above, has parsed the cookies by then.
  // A callback hook, not an async one: most requests (public reads without a session) are decided without
  // waiting for anything, and an async hook costs every request a promise and a turn (ADR 0022).
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access) return done();
    const credential = sessionCredential(req);
    if (!credential?.token) return done(refusal(access, req, credential));
    opts.findSession(credential.token).then((found) => {
      if (found) {
        req.user = found.user;
        req.sessionId = found.sessionId;
      }
      done(refusal(access, req, credential));
    }, done);
  });
});

/** Why the request may not go on (401 or 403), or undefined when it may. */
function refusal(
  access: Access,
  req: FastifyRequest,
  credential: ReturnType<typeof sessionCredential>,
): Error | undefined {
  if (access === 'public') return undefined;
  // A token in the Authorization header that is no live session: 401, even with a valid cookie beside it.
  if (!req.user) return credential ? unauthorized(undefined, 'SESSION_EXPIRED') : unauthorized();
  if (access !== 'user' && !access.includes(req.user.userType)) return forbidden();
  return undefined;
}
