import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_MESSAGES } from '../../shared/contracts/payments';
import { badRequest, forbidden } from '../errors';
import { SANDBOX_FIELDS_CSS, SANDBOX_FIELDS_HTML, SANDBOX_FIELDS_JS } from './sandbox-hosted-fields-page';

/** What the sandbox's hosted fields post to its own tokenization endpoint (never to /api). */
export interface SandboxCard {
  number: string;
  expMonth: number | string;
  expYear: number | string;
  cvc: string;
}

export type TokenizeResult =
  | { ok: true; token: string; brand: string; last4: string; expiresAt: string }
  | { ok: false; message: string; errors: { path: string; message: string }[] };

/**
 * The sandbox provider's own card fields, outside /api: an isolated page our payment page loads in an
 * iframe (GET /sandbox-pay/fields, its script and style served as files so no inline script is needed),
 * and the tokenization endpoint that page posts the card to (POST /sandbox-pay/tokens). A real provider
 * serves the same from its own origin; here it is our origin, so the page may be framed only by our
 * own pages (frame-ancestors 'self').
 */
const FIELDS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

export const SANDBOX_FIELDS_PATH = '/sandbox-pay/fields';
export const SANDBOX_TOKENS_PATH = '/sandbox-pay/tokens';

function sameOrigin(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site' || req.headers['sec-fetch-site'] === 'same-site')
    return false;
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === String(req.headers.host ?? '').replace(/:(80|443)$/, '');
  } catch {
    return false;
  }
}

function asCard(body: unknown): SandboxCard | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown) =>
    typeof v === 'string' ? v.slice(0, 40) : typeof v === 'number' ? String(v) : '';
  return { number: text(b.number), expMonth: text(b.expMonth), expYear: text(b.expYear), cvc: text(b.cvc) };
}

export function sandboxHostedFields(deps: { tokenize: (card: SandboxCard) => TokenizeResult }) {
  return async function sandboxHostedFieldsRoutes(app: FastifyInstance) {
    const asset = (reply: FastifyReply, type: string, body: string) =>
      reply
        .header('content-type', type)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(body);

    // The one document our pages may frame (security plugin exception), with a stricter policy of its own.
    const page = { access: 'public' as const, headers: { framing: 'same-origin' as const } };
    app.get(SANDBOX_FIELDS_PATH, { config: page, schema: { hide: true } }, (_req, reply) =>
      asset(
        reply
          .header('content-security-policy', FIELDS_CSP)
          .header('x-frame-options', 'SAMEORIGIN')
          .header('referrer-policy', 'no-referrer'),
        'text/html; charset=utf-8',
        SANDBOX_FIELDS_HTML,
      ),
    );
    app.get(
      `${SANDBOX_FIELDS_PATH}.js`,
      { config: { access: 'public' }, schema: { hide: true } },
      (_r, reply) => asset(reply, 'text/javascript; charset=utf-8', SANDBOX_FIELDS_JS),
    );
    app.get(
      `${SANDBOX_FIELDS_PATH}.css`,
      { config: { access: 'public' }, schema: { hide: true } },
      (_r, reply) => asset(reply, 'text/css; charset=utf-8', SANDBOX_FIELDS_CSS),
    );

    // Only the hosted fields (our origin) may tokenize; card-testing bots are slowed by a rate limit.
    app.post(
      SANDBOX_TOKENS_PATH,
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { hide: true },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        if (!sameOrigin(req)) throw forbidden('Cross-site request refused.', 'CSRF_REFUSED');
        const card = asCard(req.body);
        if (!card) throw badRequest(PAYMENT_MESSAGES.cardRequired);
        const result = deps.tokenize(card);
        if (!result.ok) throw badRequest(result.message, result.errors);
        const { token, brand, last4, expiresAt } = result;
        return reply.code(201).send({ token, brand, last4, expiresAt });
      },
    );
  };
}
