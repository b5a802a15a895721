import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import type { SmsProviderSettings } from '../env';
import type { Mailer, OutboxEcho } from './mailer';

/** A notice's channel other than in-app (ADR 0033). */
export type ChannelName = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  /** An e-mail address, or an E.164 number for SMS and WhatsApp. */
  to: string;
  /** E-mail only. */
  subject?: string;
  body: string;
}

/** One way out: e-mail, SMS or WhatsApp, through some provider. */
export interface Channel {
  readonly name: ChannelName;
  /** Stored on the delivery row: which webhook may report on it (smtp, twilio, sandbox). */
  readonly provider: string;
  send(message: OutgoingMessage): Promise<{ providerId: string }>;
}

/**
 * A refusal that a retry cannot fix (an unknown number, a rejected address): the row fails at once and
 * its fallback, if any, is queued. Anything else thrown by `send` is retried with backoff.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/** A short, secret-free description of a send failure, for the row's last_error. */
export function describeSendError(err: unknown): string {
  if (err instanceof PermanentDeliveryError) return err.message.slice(0, 120);
  const code = (err as { code?: unknown; responseCode?: unknown } | null) ?? {};
  if (typeof code.responseCode === 'number') return `smtp ${code.responseCode}`;
  if (typeof code.code === 'string') return code.code.slice(0, 40);
  if (err instanceof Error && err.name === 'TimeoutError') return 'timeout';
  return 'send failed';
}

/**
 * E-mail through the app's Mailer (SMTP, or the mail_outbox table without SMTP_URL). SMTP's permanent
 * refusals (5xx) are bounces: no retry, and the SMS fallback may follow.
 */
export function createEmailChannel(mailer: Mailer): Channel {
  return {
    name: 'email',
    provider: mailer.kind === 'smtp' ? 'smtp' : 'sandbox',
    async send(m) {
      try {
        await mailer.send({ to: m.to, subject: m.subject ?? 'YaadCare', text: m.body });
      } catch (err) {
        const responseCode = (err as { responseCode?: unknown }).responseCode;
        if (typeof responseCode === 'number' && responseCode >= 500) {
          throw new PermanentDeliveryError(`smtp ${responseCode}`);
        }
        throw err;
      }
      return { providerId: `email-${randomUUID()}` };
    },
  };
}

/**
 * The sandbox text channel, the default without an SMS provider: keeps the message in sms_outbox (with its
 * channel) for the admin console, and answers with a made-up message id. The deliveries job marks sandbox
 * texts delivered on its next run (a fake receipt); the sandbox webhook can report any other status.
 */
export function createSandboxTextChannel(db: Db, name: 'sms' | 'whatsapp', echo?: OutboxEcho): Channel {
  return {
    name,
    provider: 'sandbox',
    async send(m) {
      await db.insert(smsOutbox).values({ to: m.to, body: m.body, channel: name });
      echo?.(`demo outbox: ${name === 'sms' ? 'SMS' : 'WhatsApp'} to ${m.to}: ${m.body}`);
      return { providerId: `SB${randomUUID().replaceAll('-', '')}` };
    },
  };
}

/** How long a provider call may take before it counts as failed (and is retried). */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * SMS or WhatsApp through a Twilio-compatible Messages API: POST {url}/2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From, Body and StatusCallback (where receipts are posted), HTTP basic auth sid:token.
 * WhatsApp numbers are written `whatsapp:+1876…`. 4xx answers (but 408/429) are permanent; others retried.
 */
export function createTwilioChannel(
  settings: SmsProviderSettings,
  name: 'sms' | 'whatsapp',
  statusCallbackUrl: string,
): Channel {
  const endpoint = `${settings.url}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const from = name === 'whatsapp' ? settings.whatsappFrom : settings.from;
  const address = (n: string) => (name === 'whatsapp' ? `whatsapp:${n}` : n);
  return {
    name,
    provider: 'twilio',
    async send(m) {
      if (!from) throw new PermanentDeliveryError('no WhatsApp sender configured');
      const form = new URLSearchParams({
        To: address(m.to),
        From: address(from),
        Body: m.body,
        StatusCallback: statusCallbackUrl,
      });
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (!res.ok) {
        // Only the status and the provider's numeric error code: its message may quote the number.
        const what = `provider ${res.status}${typeof answer.code === 'number' ? ` code ${answer.code}` : ''}`;
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
          throw new PermanentDeliveryError(what);
        }
        throw Object.assign(new Error(what), { code: what });
      }
      if (typeof answer.sid !== 'string' || answer.sid.length === 0) {
        throw Object.assign(new Error('provider answered without a message id'), { code: 'no message id' });
      }
      return { providerId: answer.sid };
    },
  };
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, over the full URL Twilio called
 * followed by every POST parameter's name and value, sorted by name (a repeated name's distinct values
 * sorted too, as Twilio's own validators do).
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const key of names) {
    for (const value of [...new Set(params.getAll(key))].sort()) data += key + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The sandbox provider's receipt signature, Stripe's scheme: `sha256=` + hex HMAC-SHA256 of
 * `${timestamp}.${rawBody}`, where `timestamp` (unix seconds, sent as X-Sandbox-Timestamp) is when the
 * receipt was signed. Signing the time with the body bounds how long a copied receipt can be replayed.
 */
export function sandboxSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}

/** The headers a sandbox receipt signed at `at` carries (a sandbox tool's, or a test's, receipt poster). */
export function sandboxReceiptHeaders(secret: string, rawBody: string, at: Date) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'x-sandbox-timestamp': timestamp,
    'x-sandbox-signature': sandboxSignature(secret, timestamp, rawBody),
  };
}
