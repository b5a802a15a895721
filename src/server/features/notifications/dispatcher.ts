import type { FastifyBaseLogger } from 'fastify';
import {
  type Channel,
  type ChannelName,
  describeSendError,
  PermanentDeliveryError,
} from '../../adapters/channels';
import type { Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import type { ChannelPolicy } from './channel-policy';
import { type DeliveryRow, deliveryRepo } from './deliveries-repo';
import { classifyNotice } from './outbox';

const MINUTE = 60_000;

/**
 * After the n-th failed attempt the row waits RETRY_DELAYS_MS[n-1] and is tried again; after the last one
 * it is failed. Six attempts over about 8.5 hours: 1, 5, 25 minutes, 2 hours, 6 hours (ADR 0033).
 */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 25 * MINUTE, 120 * MINUTE, 360 * MINUTE];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A WhatsApp message not delivered this long after it was sent is followed by an SMS. */
export const WHATSAPP_FALLBACK_MS = 10 * MINUTE;
/**
 * A claimed row is leased this long: no other claim sees it as due while it is being sent. An instance
 * that dies mid-send leaves it to be claimed again after the lease (longer than any provider timeout).
 */
export const CLAIM_LEASE_MS = 2 * MINUTE;
const BATCH = 50;

export interface DeliveryDeps {
  db: Db;
  /** One adapter per channel; a row whose channel has none fails (nothing could ever send it). */
  channels: Partial<Record<ChannelName, Channel>>;
  /** Asked again for a fallback: an SMS only where it allows one (a verified phone). */
  policy: ChannelPolicy;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** Sends delivery rows, records the outcome, schedules retries and fallbacks (ADR 0033). */
export function createDispatcher(deps: DeliveryDeps) {
  const { db, channels, policy, now } = deps;

  /** Queues the SMS that replaces a bounced e-mail or an undelivered WhatsApp message, once, if allowed. */
  async function queueFallback(tx: Tx, row: DeliveryRow, at: Date): Promise<DeliveryRow | undefined> {
    if (row.channel === 'sms' || row.fallbackOf !== null) return undefined;
    const { group } = classifyNotice(row.kind, at);
    const email = row.channel === 'email' ? row.destination : '';
    const decision = await policy(tx, { userId: row.userId, email, group, critical: row.critical }, at);
    const sms = decision.destinations.find((d) => d.channel === 'sms');
    if (!sms) return undefined;
    // The unique index on fallback_of keeps it to one, whichever instance gets here first.
    return deliveryRepo.insertFallback(tx, {
      userId: row.userId,
      kind: row.kind,
      channel: 'sms',
      destination: sms.to,
      subject: null,
      body: row.channel === 'email' ? `${row.subject ?? 'YaadCare'}: ${row.body}`.slice(0, 1500) : row.body,
      critical: row.critical,
      fallbackOf: row.id,
      nextAttemptAt: at,
    });
  }

  /** Sends one claimed row through its channel and records the outcome. */
  async function sendOne(row: DeliveryRow, at: Date): Promise<'sent' | 'retry' | 'failed'> {
    const channel = channels[row.channel];
    try {
      if (!channel) throw new PermanentDeliveryError(`no ${row.channel} channel configured`);
      const { providerId } = await channel.send({
        to: row.destination,
        subject: row.subject ?? undefined,
        body: row.body,
      });
      await deliveryRepo.markSent(db, row.id, {
        provider: channel.provider,
        providerMessageId: providerId,
        at,
      });
      return 'sent';
    } catch (err) {
      const error = describeSendError(err);
      const permanent = err instanceof PermanentDeliveryError;
      const retryAt =
        permanent || row.attempts >= MAX_ATTEMPTS
          ? undefined
          : new Date(at.getTime() + (RETRY_DELAYS_MS[row.attempts - 1] ?? 0));
      deps.log?.warn({ deliveryId: row.id, channel: row.channel, error }, 'delivery attempt failed');
      return db.transaction(async (tx) => {
        const updated = await deliveryRepo.markAttemptFailed(tx, row.id, error, at, retryAt);
        if (updated?.status === 'failed') await queueFallback(tx, updated, at);
        return retryAt ? 'retry' : 'failed';
      });
    }
  }

  async function sendClaimed(rows: DeliveryRow[], at: Date) {
    const tally = { sent: 0, retry: 0, failed: 0 };
    for (const row of rows) tally[await sendOne(row, at)] += 1;
    return tally;
  }

  return {
    queueFallback,

    /** The rows a request just wrote (never tried yet), sent now: after commit, during the request. */
    async dispatch(ids: number[]) {
      if (ids.length === 0) return { sent: 0, retry: 0, failed: 0 };
      const at = now();
      const rows = await deliveryRepo.claim(db, deliveryRepo.fresh(ids), at, lease(at), ids.length);
      return sendClaimed(rows, at);
    },

    /**
     * The job: the sandbox's fake receipts for texts sent before this run, every due row (in batches until
     * none is left or `signal` aborts), then the SMS fallbacks of WhatsApp messages still not delivered.
     */
    async runDue(at: Date, signal?: AbortSignal) {
      const total = { sent: 0, retry: 0, failed: 0, receipts: 0, fallbacks: 0 };
      // First, so a text sent in this run is delivered on the next one (a receipt comes after the send).
      total.receipts = await deliveryRepo.deliverSandboxTexts(db, at);
      for (;;) {
        const rows = await deliveryRepo.claim(db, deliveryRepo.dueAt(at), at, lease(at), BATCH);
        const t = await sendClaimed(rows, at);
        total.sent += t.sent;
        total.retry += t.retry;
        total.failed += t.failed;
        if (rows.length < BATCH || signal?.aborted) break;
      }
      const stale = await deliveryRepo.undeliveredWhatsApp(
        db,
        new Date(at.getTime() - WHATSAPP_FALLBACK_MS),
        BATCH,
      );
      for (const row of stale) {
        if (await db.transaction((tx) => queueFallback(tx, row, at))) total.fallbacks += 1;
      }
      return total;
    },
  };
}

const lease = (at: Date) => new Date(at.getTime() + CLAIM_LEASE_MS);

/**
 * The Mailer the services that send notices are given: a mail standing for an outbox row (`deliveryId`)
 * dispatches that row; any other mail goes straight to the app's Mailer as before.
 */
export function noticeMailer(dispatcher: Dispatcher, mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(mail) {
      if (mail.deliveryId === undefined) return mailer.send(mail);
      await dispatcher.dispatch([mail.deliveryId]);
    },
  };
}
