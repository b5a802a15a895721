import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../shared/contracts/common';
import { DeliveryWebhookResponse } from '../../../shared/contracts/deliveries';
import { sandboxSignature, twilioSignature } from '../../adapters/channels';
import { AppError, notFound } from '../../errors';

/** The providers that post delivery receipts, and the header each signs them in. */
const SIGNATURE_HEADER = { twilio: 'x-twilio-signature', sandbox: 'x-sandbox-signature' } as const;
type Provider = keyof typeof SIGNATURE_HEADER;
const isProvider = (p: unknown): p is Provider => typeof p === 'string' && Object.hasOwn(SIGNATURE_HEADER, p);

/** Receipts are a few hundred bytes; anything much larger is not one. */
const RECEIPT_BODY_LIMIT = 16 * 1024;

const refused = () => new AppError(401, 'The delivery receipt is not signed.');

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
/** Compares in constant time whatever the lengths (both hashed first). */
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const Receipt = z.object({
  MessageSid: z.string().min(1).max(100),
  MessageStatus: z.string().min(1).max(40),
  ErrorCode: z
    .string()
    .regex(/^\d{1,8}$/)
    .optional(),
});

/**
 * `POST /api/webhooks/:provider/delivery` (ADR 0033). The provider is checked (404) and the signature
 * header required (401) in onRequest, before the body is read; the raw body (form-encoded, the one type this
 * scope parses) is then checked against the signature before anything is parsed or written. An unknown
 * message id is a 200 no-op: providers retry on errors.
 */
export async function deliveryWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: RECEIPT_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { env } = app;

  const checkSigned = async (req: FastifyRequest) => {
    const provider = (req.params as { provider?: unknown }).provider;
    if (!isProvider(provider)) throw notFound('No such delivery provider.');
    const signature = req.headers[SIGNATURE_HEADER[provider]];
    if (typeof signature !== 'string' || signature.length === 0) throw refused();
  };

  /** The expected signature of this request, or undefined when the provider's secret is not configured. */
  const expected = (provider: Provider, req: FastifyRequest, raw: string) => {
    if (provider === 'sandbox') {
      return env.sandboxWebhookSecret ? sandboxSignature(env.sandboxWebhookSecret, raw) : undefined;
    }
    const token = env.smsProvider?.authToken;
    // Twilio signs the URL it called: our public address and the path with its query.
    return token ? twilioSignature(token, `${env.publicUrl}${req.url}`, new URLSearchParams(raw)) : undefined;
  };

  r.post(
    '/api/webhooks/:provider/delivery',
    {
      config: { access: 'public' },
      onRequest: checkSigned,
      schema: {
        tags: ['deliveries'],
        summary:
          'A provider’s signed delivery receipt (twilio: X-Twilio-Signature; sandbox: X-Sandbox-Signature, HMAC-SHA256)',
        params: z.object({ provider: z.string().max(40) }),
        consumes: ['application/x-www-form-urlencoded'],
        response: { 200: DeliveryWebhookResponse, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (req) => {
      const provider = req.params.provider as Provider;
      const raw = typeof req.body === 'string' ? req.body : '';
      const want = expected(provider, req, raw);
      const got = req.headers[SIGNATURE_HEADER[provider]] as string;
      if (!want || !sameSecret(want, got)) throw refused();
      const receipt = Receipt.safeParse(Object.fromEntries(new URLSearchParams(raw)));
      if (!receipt.success) {
        throw new AppError(400, 'A delivery receipt needs MessageSid and MessageStatus.');
      }
      const { MessageSid, MessageStatus, ErrorCode } = receipt.data;
      await app.services.deliveries.receipt(provider, MessageSid, MessageStatus, ErrorCode);
      return { ok: true as const };
    },
  );
}
