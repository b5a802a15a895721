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

/** A sandbox receipt is taken only while its signed timestamp is this close to our clock, either way. */
export const RECEIPT_WINDOW_MS = 5 * 60_000;
/**
 * How long a sandbox receipt's signature is remembered after its timestamp: twice the window, so that
 * instances whose clocks differ by a few minutes leave no gap between "seen" and "too old".
 */
const SANDBOX_MEMORY_MS = 2 * RECEIPT_WINDOW_MS;
/**
 * Twilio signs no timestamp, so nothing bounds when a copy could come back: its receipts' signatures are
 * remembered this long (a message's callbacks end within hours), and a later copy can still only move a
 * row forward.
 */
export const TWILIO_RECEIPT_MEMORY_MS = 30 * 24 * 60 * 60_000;
const TIMESTAMP_HEADER = 'x-sandbox-timestamp';

const refused = (message = 'The delivery receipt is not signed.') => new AppError(401, message);

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const hexDigest = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
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
 * `POST /api/webhooks/:provider/delivery` (ADR 0033). In onRequest, before the body is read: the provider
 * (404), its secret configured and the signature header present (401), and for the sandbox a signed
 * timestamp within RECEIPT_WINDOW_MS of our clock (401). The raw body (form-encoded, the one type this scope
 * parses) is then checked against the signature before anything is parsed or written, and the signature is
 * remembered in the receipt's transaction: a copy of a receipt already taken is a 409. An unknown message
 * id is a 200 no-op: providers retry on errors.
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

  /** The provider's signing key; undefined when it is not configured (its receipts are all refused). */
  const keyOf = (provider: Provider) =>
    provider === 'sandbox' ? env.sandboxWebhookSecret : env.smsProvider?.authToken;

  /** The sandbox's signed timestamp (unix seconds), when well-formed. */
  const timestampOf = (req: FastifyRequest) => {
    const value = req.headers[TIMESTAMP_HEADER];
    return typeof value === 'string' && /^\d{1,11}$/.test(value) ? value : undefined;
  };

  const checkSigned = async (req: FastifyRequest) => {
    const provider = (req.params as { provider?: unknown }).provider;
    if (!isProvider(provider)) throw notFound('No such delivery provider.');
    if (!keyOf(provider)) throw refused();
    const signature = req.headers[SIGNATURE_HEADER[provider]];
    if (typeof signature !== 'string' || signature.length === 0) throw refused();
    if (provider === 'sandbox') {
      const timestamp = timestampOf(req);
      if (!timestamp) throw refused('The delivery receipt has no signed timestamp.');
      if (Math.abs(app.now().getTime() - Number(timestamp) * 1000) > RECEIPT_WINDOW_MS) {
        throw refused('The delivery receipt’s timestamp is not within 5 minutes of ours.');
      }
    }
  };

  /** The expected signature of this request, and until when a copy of it counts as a replay. */
  const expected = (provider: Provider, key: string, req: FastifyRequest, raw: string) => {
    if (provider === 'sandbox') {
      const timestamp = timestampOf(req) ?? '';
      return {
        signature: sandboxSignature(key, timestamp, raw),
        rememberUntil: new Date(Number(timestamp) * 1000 + SANDBOX_MEMORY_MS),
      };
    }
    // Twilio signs the URL it called: our public address and the path with its query.
    return {
      signature: twilioSignature(key, `${env.publicUrl}${req.url}`, new URLSearchParams(raw)),
      rememberUntil: new Date(app.now().getTime() + TWILIO_RECEIPT_MEMORY_MS),
    };
  };

  r.post(
    '/api/webhooks/:provider/delivery',
    {
      config: { access: 'public' },
      onRequest: checkSigned,
      schema: {
        tags: ['deliveries'],
        summary:
          'A provider’s signed delivery receipt, taken once (twilio: X-Twilio-Signature; sandbox: X-Sandbox-Timestamp within 5 minutes and X-Sandbox-Signature, HMAC-SHA256 of timestamp.body; a copy already taken: 409)',
        params: z.object({ provider: z.string().max(40) }),
        consumes: ['application/x-www-form-urlencoded'],
        response: { 200: DeliveryWebhookResponse, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (req) => {
      const provider = req.params.provider as Provider;
      const key = keyOf(provider);
      if (!key) throw refused();
      const raw = typeof req.body === 'string' ? req.body : '';
      const want = expected(provider, key, req, raw);
      const got = req.headers[SIGNATURE_HEADER[provider]] as string;
      if (!sameSecret(want.signature, got)) throw refused();
      const receipt = Receipt.safeParse(Object.fromEntries(new URLSearchParams(raw)));
      if (!receipt.success) {
        throw new AppError(400, 'A delivery receipt needs MessageSid and MessageStatus.');
      }
      const { MessageSid, MessageStatus, ErrorCode } = receipt.data;
      await app.services.deliveries.receipt({
        provider,
        providerMessageId: MessageSid,
        providerStatus: MessageStatus,
        errorCode: ErrorCode,
        signatureHash: hexDigest(got),
        rememberUntil: want.rememberUntil,
      });
      return { ok: true as const };
    },
  );
}
