import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './auth';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every response, and CSRF defence for writes: a browser write must come from our own
 * origin, and a cookie-authenticated write without an Origin header must carry X-Requested-With, a header
 * no cross-site form can send. Bearer-token clients are not exposed to CSRF and pass.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    const origin = req.headers.origin;
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    if (origin && origin !== 'null') {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {}
      // URL drops default ports; the Host header may keep them.
      if (!originHost || originHost !== String(host ?? '').replace(/:(80|443)$/, '')) {
        return reply.code(403).send({ message: 'Cross-site request refused.' });
      }
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      return reply.code(403).send({ message: 'Cross-site request refused.' });
    }
    const usesCookie =
      Boolean(req.cookies?.[SESSION_COOKIE]) && !/^Bearer\s/i.test(req.headers.authorization ?? '');
    if (usesCookie && !req.headers['x-requested-with']) {
      return reply
        .code(403)
        .send({ message: 'Missing X-Requested-With header on a cookie-authenticated request.' });
    }
  });
});
