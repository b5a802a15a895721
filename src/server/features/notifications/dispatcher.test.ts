import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Channel, type OutgoingMessage, PermanentDeliveryError } from '../../adapters/channels';
import { deliveries, smsOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import type { ChannelPolicy, DeliveryChannel } from './channel-policy';
import { createDeliveryService } from './deliveries-service';
import { createDispatcher, MAX_ATTEMPTS, RETRY_DELAYS_MS, WHATSAPP_FALLBACK_MS } from './dispatcher';
import { classifyNotice, queueNotice } from './outbox';

const MIN = 60_000;
const T0 = new Date('2026-06-01T14:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A provider that fails its first `failures` sends (permanently if asked), then accepts. */
function fakeChannel(name: DeliveryChannel, opts: { failures?: number; permanent?: boolean } = {}) {
  let failures = opts.failures ?? 0;
  const sent: OutgoingMessage[] = [];
  const channel: Channel & { sent: OutgoingMessage[]; calls: number } = {
    name,
    provider: 'fake',
    sent,
    calls: 0,
    async send(m) {
      channel.calls += 1;
      if (failures > 0) {
        failures -= 1;
        throw opts.permanent ? new PermanentDeliveryError('smtp 550') : new Error('connection reset');
      }
      sent.push(m);
      return { providerId: `${name}-${channel.calls}-${Math.random().toString(36).slice(2)}` };
    },
  };
  return channel;
}

/** Every channel to everyone: e-mail, a verified phone by SMS, WhatsApp; quiet hours when asked. */
const everywhere =
  (phone: string | null, quietUntil?: Date): ChannelPolicy =>
  async (_tx, facts) => ({
    destinations: [
      { channel: 'email', to: facts.email },
      ...(phone
        ? [
            { channel: 'sms' as const, to: phone },
            { channel: 'whatsapp' as const, to: phone },
          ]
        : []),
    ],
    notBefore: facts.critical ? undefined : quietUntil,
  });

describe('notice classification', () => {
  it('makes a cancellation critical within 24 h of the start only; no-shows, incidents, emergencies always', () => {
    const start = at(23 * 60 * MIN);
    expect(classifyNotice('booking.cancelled', T0, start)).toEqual({ group: 'bookings', critical: true });
    expect(classifyNotice('booking.cancelled', T0, at(25 * 60 * MIN)).critical).toBe(false);
    expect(classifyNotice('booking.confirmed', T0, start).critical).toBe(false);
    expect(classifyNotice('visit.no_show', T0)).toEqual({ group: 'visits', critical: true });
    expect(classifyNotice('visit.incident', T0).critical).toBe(true);
    expect(classifyNotice('emergency.declared', T0).critical).toBe(true);
    expect(classifyNotice('series.requested', T0)).toEqual({ group: 'bookings', critical: false });
  });
});

describe.each(DB_KINDS)('delivery dispatcher on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.app.db;

  async function notice(policy: ChannelPolicy, overrides: { kind?: string; startsAt?: Date } = {}) {
    const user = await createUser(db(), { phone: '+18765551234' });
    const mails = await db().transaction((tx) =>
      queueNotice(
        tx,
        {
          userId: user.id,
          email: user.email,
          kind: overrides.kind ?? 'booking.confirmed',
          title: 'Booking confirmed',
          body: 'Marcia C. accepted your booking.',
          link: '/bookings',
          startsAt: overrides.startsAt,
        },
        T0,
        policy,
      ),
    );
    const rows = await db().select().from(deliveries).where(eq(deliveries.userId, user.id));
    return { user, mails, rows };
  }
  const row = async (id: number) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0];

  it('retries a provider failure after 1 minute and sends once: attempts 2, status sent', async () => {
    const email = fakeChannel('email', { failures: 1 });
    const d = createDispatcher({ db: db(), channels: { email }, policy: everywhere(null), now: () => T0 });
    const { mails } = await notice(everywhere(null));
    expect(mails).toHaveLength(1);
    const id = mails[0].deliveryId as number;

    expect(await d.dispatch([id])).toEqual({ sent: 0, retry: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'send failed' });
    expect((await row(id))?.nextAttemptAt).toEqual(at(RETRY_DELAYS_MS[0]));

    // Not due yet 59 s later; due at 1 minute.
    expect((await d.runDue(at(RETRY_DELAYS_MS[0] - 1000))).sent).toBe(0);
    expect((await d.runDue(at(RETRY_DELAYS_MS[0]))).sent).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null, provider: 'fake' });
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({ subject: 'YaadCare: Booking confirmed' });

    // Later runs and a repeated dispatch of the same id send nothing more.
    await d.runDue(at(60 * MIN));
    await d.dispatch([id]);
    expect(email.sent).toHaveLength(1);
    expect(email.calls).toBe(2);
  });

  it('sends each row once when two instances run the job at the same moment', async () => {
    const email = fakeChannel('email');
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await notice(everywhere(null)));
    const ids = made.map((m) => m.rows[0].id);
    const mk = () =>
      createDispatcher({ db: db(), channels: { email }, policy: everywhere(null), now: () => T0 });
    const [a, b] = await Promise.all([mk().runDue(at(MIN)), mk().runDue(at(MIN))]);
    expect(a.sent + b.sent).toBe(12);
    expect(email.calls).toBe(12);
    expect(new Set(email.sent.map((m) => m.to)).size).toBe(12);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('backs off 1, 5, 25 min, 2 h, 6 h, then fails; a failed e-mail falls back to one SMS if allowed', async () => {
    const email = fakeChannel('email', { failures: 100 });
    const sms = fakeChannel('sms');
    const policy = everywhere('+18765551234');
    const d = createDispatcher({ db: db(), channels: { email, sms }, policy, now: () => T0 });
    const { rows } = await notice(async (_tx, f) => ({ destinations: [{ channel: 'email', to: f.email }] }));
    const id = rows[0].id;
    let clock = T0.getTime();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await d.runDue(new Date(clock));
      const r = await row(id);
      expect(r?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(r?.status).toBe('queued');
        expect(r?.nextAttemptAt.getTime()).toBe(clock + RETRY_DELAYS_MS[attempt - 1]);
        clock += RETRY_DELAYS_MS[attempt - 1];
      }
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 6 });
    const fallback = await db().select().from(deliveries).where(eq(deliveries.fallbackOf, id));
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({ channel: 'sms', destination: '+18765551234', status: 'queued' });
    await d.runDue(new Date(clock));
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0].body).toContain('Booking confirmed');
  });

  it('fails a bounce at once and sends no SMS to someone the policy gives none', async () => {
    const email = fakeChannel('email', { failures: 1, permanent: true });
    const sms = fakeChannel('sms');
    const d = createDispatcher({
      db: db(),
      channels: { email, sms },
      policy: everywhere(null),
      now: () => T0,
    });
    const { mails } = await notice(everywhere(null));
    await d.dispatch(mails.map((m) => m.deliveryId as number));
    const r = await row(mails[0].deliveryId as number);
    expect(r).toMatchObject({ status: 'failed', attempts: 1, lastError: 'smtp 550' });
    expect(
      await db()
        .select()
        .from(deliveries)
        .where(eq(deliveries.fallbackOf, r?.id ?? 0)),
    ).toHaveLength(0);
  });

  it('holds a notice until quiet hours end; a critical one goes at once on every allowed channel', async () => {
    const quietUntil = at(8 * 60 * MIN);
    const email = fakeChannel('email');
    const sms = fakeChannel('sms');
    const whatsapp = fakeChannel('whatsapp');
    const policy = everywhere('+18765550001', quietUntil);
    const d = createDispatcher({ db: db(), channels: { email, sms, whatsapp }, policy, now: () => T0 });

    const calm = await notice(policy);
    expect(calm.mails).toHaveLength(0); // nothing to dispatch after commit
    expect(calm.rows.map((r) => r.nextAttemptAt)).toEqual([quietUntil, quietUntil, quietUntil]);
    await d.runDue(at(8 * 60 * MIN - 1000));
    expect(await row(calm.rows[0].id)).toMatchObject({ status: 'queued', attempts: 0 });

    const urgent = await notice(policy, { kind: 'booking.cancelled', startsAt: at(3 * 60 * MIN) });
    expect(urgent.rows.map((r) => [r.channel, r.critical])).toEqual([
      ['email', true],
      ['sms', true],
      ['whatsapp', true],
    ]);
    expect(urgent.mails).toHaveLength(3);
    await d.dispatch(urgent.mails.map((m) => m.deliveryId as number));
    for (const r of urgent.rows) expect((await row(r.id))?.status).toBe('sent');

    await d.runDue(quietUntil);
    for (const r of calm.rows) expect((await row(r.id))?.status).toBe('sent');
  });

  it('follows a WhatsApp message still undelivered after 10 minutes with one SMS', async () => {
    const whatsapp = fakeChannel('whatsapp');
    const sms = fakeChannel('sms');
    const policy = everywhere('+18765550002');
    const d = createDispatcher({ db: db(), channels: { whatsapp, sms }, policy, now: () => T0 });
    const { rows } = await notice(async () => ({
      destinations: [{ channel: 'whatsapp', to: '+18765550002' }],
    }));
    await d.runDue(T0);
    const wa = rows[0].id;
    expect(await row(wa)).toMatchObject({ status: 'sent' });

    expect((await d.runDue(at(WHATSAPP_FALLBACK_MS - 1000))).fallbacks).toBe(0);
    expect((await d.runDue(at(WHATSAPP_FALLBACK_MS))).fallbacks).toBe(1);
    const fb = await db().select().from(deliveries).where(eq(deliveries.fallbackOf, wa));
    expect(fb).toHaveLength(1);
    await d.runDue(at(WHATSAPP_FALLBACK_MS + MIN));
    expect(sms.sent).toHaveLength(1);
    expect(await row(fb[0].id)).toMatchObject({ status: 'sent', channel: 'sms' });
    // Once only: later runs find the fallback and add none.
    expect((await d.runDue(at(3 * WHATSAPP_FALLBACK_MS))).fallbacks).toBe(0);
    expect(await db().select().from(deliveries).where(eq(deliveries.fallbackOf, wa))).toHaveLength(1);
  });

  it('answers a bounce reported by a receipt with one SMS to a verified phone, sent at once', async () => {
    const email = fakeChannel('email');
    const sms = fakeChannel('sms');
    const policy = everywhere('+18765550004');
    const dispatcher = createDispatcher({ db: db(), channels: { email, sms }, policy, now: () => T0 });
    const service = createDeliveryService({
      db: db(),
      dispatcher,
      now: () => at(MIN),
      audit: { record: async () => {} },
    });
    const { rows } = await notice(async (_tx, f) => ({ destinations: [{ channel: 'email', to: f.email }] }));
    await dispatcher.runDue(T0);
    const sent = await row(rows[0].id);
    expect(sent?.status).toBe('sent');
    const receipt = (providerStatus: string, signatureHash: string) =>
      service.receipt({
        provider: 'fake',
        providerMessageId: sent?.providerMessageId ?? '',
        providerStatus,
        signatureHash,
        rememberUntil: at(10 * MIN),
      });
    await receipt('undelivered', 'a'.repeat(64));
    await receipt('failed', 'b'.repeat(64)); // a later status adds nothing
    expect(await row(rows[0].id)).toMatchObject({ status: 'failed', lastError: 'undelivered' });
    const fb = await db().select().from(deliveries).where(eq(deliveries.fallbackOf, rows[0].id));
    expect(fb).toEqual([
      expect.objectContaining({ channel: 'sms', status: 'sent', destination: '+18765550004' }),
    ]);
    expect(sms.sent).toHaveLength(1);
  });

  it('lets the sandbox keep texts with their channel and fake a receipt: delivered on the next run', async () => {
    const { rows } = await notice(async () => ({
      destinations: [
        { channel: 'sms', to: '+18765550003' },
        { channel: 'whatsapp', to: '+18765550003' },
      ],
    }));
    const d = createDispatcher({
      db: db(),
      channels: t.app.channels,
      policy: everywhere(null),
      now: () => T0,
    });
    await d.runDue(T0);
    for (const r of rows) expect(await row(r.id)).toMatchObject({ status: 'sent', provider: 'sandbox' });
    const kept = await db().select().from(smsOutbox).where(eq(smsOutbox.to, '+18765550003'));
    expect(kept.map((k) => k.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(kept[0].body).toBe('YaadCare: Booking confirmed. Marcia C. accepted your booking.');
    await d.runDue(at(30_000));
    for (const r of rows) {
      expect(await row(r.id)).toMatchObject({ status: 'delivered', deliveredAt: at(30_000) });
    }
  });
});
