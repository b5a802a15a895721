import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ReadReplica } from '../db/client';
import { sessionToken } from './auth';

/** The cookie that keeps a browser's reads on the primary for a while after it wrote (ADR 0057). */
export const WROTE_COOKIE = 'yc_wrote';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How many recent writers this instance remembers by their session (oldest forgotten first). */
const MAX_WRITERS = 10_000;

export interface ReadYourWritesOptions {
  replica: ReadReplica;
  /** After a write, the writer's reads go to the primary for this long. */
  windowMs: number;
  now: () => number;
}

/**
 * Read-your-writes for the replica (issue 35, ADR 0057). A request reads the replica (through the
 * services built on `replica.reads`) only if it is a safe method and its client has not written within
 * `windowMs`. A client wrote when it made a successful unsafe request: the answer sets a short cookie
 * (`yc_wrote`, the write's time, any instance honours it) and this instance remembers the session token's
 * hash, for API clients that keep no cookies.
 */
export const readYourWritesPlugin = fp(async (app: FastifyInstance, opts: ReadYourWritesOptions) => {
  const writers = new Map<string, number>();
  const keyOf = (req: FastifyRequest) => {
    const token = sessionToken(req);
    return token ? createHash('sha256').update(token).digest('base64url') : undefined;
  };
  const wroteRecently = (req: FastifyRequest) => {
    const at = opts.now();
    const cookie = Number(req.cookies?.[WROTE_COOKIE]);
    if (Number.isFinite(cookie) && cookie > 0 && at - cookie < opts.windowMs) return true;
    const key = keyOf(req);
    const last = key ? writers.get(key) : undefined;
    return last !== undefined && at - last < opts.windowMs;
  };

  app.addHook('onRequest', (req, _reply, done) => {
    opts.replica.routeReads(SAFE.has(req.method) && !wroteRecently(req), done);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (SAFE.has(req.method) || reply.statusCode >= 400) return payload;
    const at = opts.now();
    reply.setCookie(WROTE_COOKIE, String(at), {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      path: '/',
      maxAge: Math.ceil(opts.windowMs / 1000),
    });
    const key = keyOf(req);
    if (key) {
      writers.delete(key);
      writers.set(key, at);
      if (writers.size > MAX_WRITERS) writers.delete(writers.keys().next().value as string);
    }
    return payload;
  });
});
