import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { forbidden } from '../errors';
import { SESSION_COOKIE } from './auth';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Exceptions to the page headers for one route (ADR 0013), stated in the route's config:
 * `config: { access: 'public', headers: { framing: 'same-origin' } }`.
 */
export interface HeaderExceptions {
  /** 'same-origin': our own pages may show this document in a frame (frame-ancestors 'self', SAMEORIGIN). */
  framing?: 'same-origin';
  /** 'self': this document may use the camera (Permissions-Policy camera=(self)). */
  camera?: 'self';
  /** 'self': this document may ask for the position (Permissions-Policy geolocation=(self)). */
  geolocation?: 'self';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    headers?: HeaderExceptions;
  }
}

/**
 * Documents of the web app (answered by the web plugin's catch-all, so they have no route config of their
 * own) that need an exception. The selfie step of verification lives on /background-check.
 */
const PAGE_EXCEPTIONS: Record<string, HeaderExceptions> = {
  '/background-check': { camera: 'self' },
};
/** The caregiver's visit screen asks for the position at check-in, with consent (ADR 0028, 0029). */
const VISIT_SCREEN = /^\/visits\/\d+$/;
const VISIT_SCREEN_EXCEPTIONS: HeaderExceptions = { geolocation: 'self' };

const CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  // Realtime is server-sent events on our own origin: no WebSocket anywhere.
  'connect-src': "'self'",
  'object-src': "'none'",
  // Frames: only our own documents (the payment provider's hosted card fields, /sandbox-pay/fields).
  'frame-src': "'self'",
  'frame-ancestors': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};

/**
 * Browser features we do not use: denied to our documents and to anything they embed. Only features Chromium
 * recognises: an unknown one (such as 'bluetooth', checked on Chromium 156) makes it warn
 * "Unrecognized feature" on every page (issue 32).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

function contentSecurityPolicy(ex: HeaderExceptions, frameOrigins: readonly string[]): string {
  const directives = {
    ...CSP,
    // The payment provider's hosted page (PowerTranz, ADR 0053): its origin only, only when configured.
    ...(frameOrigins.length ? { 'frame-src': [CSP['frame-src'], ...frameOrigins].join(' ') } : {}),
    ...(ex.framing === 'same-origin' ? { 'frame-ancestors': "'self'" } : {}),
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

function permissionsPolicy(ex: HeaderExceptions): string {
  const allowed = (f: string) =>
    (f === 'camera' && ex.camera === 'self') || (f === 'geolocation' && ex.geolocation === 'self');
  return DENIED_FEATURES.map((f) => `${f}=${allowed(f) ? '(self)' : '()'}`).join(', ');
}

function exceptionsFor(req: FastifyRequest, path: string): HeaderExceptions {
  const page = path.replace(/\/$/, '');
  return (
    req.routeOptions.config?.headers ??
    PAGE_EXCEPTIONS[page] ??
    (VISIT_SCREEN.test(page) ? VISIT_SCREEN_EXCEPTIONS : NO_EXCEPTIONS)
  );
}

const NO_EXCEPTIONS: HeaderExceptions = {};

/** The three policy headers of a set of exceptions, worked out once per set (they are a handful) and app. */
function policyHeadersCache(frameOrigins: readonly string[]) {
  const policyHeaders = new Map<HeaderExceptions, Record<string, string>>();
  return (ex: HeaderExceptions): Record<string, string> => {
    let headers = policyHeaders.get(ex);
    if (!headers) {
      headers = {
        'content-security-policy': contentSecurityPolicy(ex, frameOrigins),
        'x-frame-options': ex.framing === 'same-origin' ? 'SAMEORIGIN' : 'DENY',
        'permissions-policy': permissionsPolicy(ex),
      };
      policyHeaders.set(ex, headers);
    }
    return headers;
  };
}

/**
 * Security headers on every response. The Content-Security-Policy, X-Frame-Options and Permissions-Policy
 * are written here (not by helmet) so a route can state an exception in its config (HeaderExceptions).
 * Every /api answer is `no-store` unless its route says it may be cached (a route that sets its own
 * Cache-Control replaces this default). Registered before the auth plugin, so a 401/403 carries them too.
 * Helmet's middleware is built once here: @fastify/helmet builds it again on every request (ADR 0022).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const https = app.env.publicUrl.startsWith('https://');
  // Origins only (scheme://host:port): anything else a provider names is dropped, never written into the policy.
  const frameOrigins = (app.payments?.frameOrigins ?? []).filter((o) =>
    /^https?:\/\/[\w.-]+(:\d+)?$/.test(o),
  );
  const policyHeadersFor = policyHeadersCache(frameOrigins);
  const helmetHeaders = helmet({
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Browsers remember it for a year; sent only when the site is served over https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook('onRequest', (req, reply, done) => {
    // Synchronous; it throws on a bad configuration rather than calling back with an error.
    helmetHeaders(req.raw, reply.raw, () => {});
    const path = req.url.split('?')[0];
    reply.headers(policyHeadersFor(exceptionsFor(req, path)));
    // API answers are about someone (their session, bookings, messages) unless a route says otherwise.
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
});

/**
 * CSRF defence for writes: a browser write must come from our own origin, and a cookie-authenticated write
 * without an Origin header must carry X-Requested-With, a header no cross-site form can send. Clients that
 * authenticate with the Authorization header are not exposed to CSRF and pass.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, _reply, done) => done(csrfRefusal(req)));
});

/** A 403 for a write that may come from another site, or undefined. */
function csrfRefusal(req: FastifyRequest): Error | undefined {
  if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return undefined;
  const origin = req.headers.origin;
  // req.host is the Host header; X-Forwarded-Host only when TRUST_PROXY is set (Fastify's trustProxy).
  const host = req.host;
  if (origin && origin !== 'null') {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {}
    // URL drops default ports; the Host header may keep them.
    if (!originHost || originHost !== String(host ?? '').replace(/:(80|443)$/, '')) {
      return forbidden('Cross-site request refused.', 'CSRF_REFUSED');
    }
    return undefined;
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    return forbidden('Cross-site request refused.', 'CSRF_REFUSED');
  }
  const usesCookie = Boolean(req.cookies?.[SESSION_COOKIE]) && req.headers.authorization === undefined;
  if (usesCookie && !req.headers['x-requested-with']) {
    return forbidden('Missing X-Requested-With header on a cookie-authenticated request.', 'CSRF_REFUSED');
  }
  return undefined;
}
