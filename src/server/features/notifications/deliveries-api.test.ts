import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxReceiptHeaders, twilioSignature } from '../../adapters/channels';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import {
  adminAudit,
  deliveries,
  mailOutbox,
  notificationPhones,
  notificationPreferences,
  webhookReceipts,
} from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, openTestDatabase, testEnv, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking } from '../bookings/testing';
import { deliveriesJob } from './deliveries-job';
import { queueNotice } from './outbox';

const SANDBOX_SECRET = 'sandbox-receipts-secret-1234';
const TWILIO_TOKEN = 'twilio-auth-token-5678';
const form = 'application/x-www-form-urlencoded';

describe.each(DB_KINDS)('delivery API on %s', (kind) => {
  /** The app's clock: real time unless a test sets it (receipts' timestamps are checked against it). */
  let clock: Date | undefined;
  afterEach(() => {
    clock = undefined;
  });
  const t = useTestApp(
    kind,
    {
      sandboxWebhookSecret: SANDBOX_SECRET,
      smsProvider: {
        url: 'http://127.0.0.1:9',
        accountSid: 'AC0001',
        authToken: TWILIO_TOKEN,
        from: '+18765550100',
      },
    },
    () => clock ?? new Date(),
  );

  /** A notice for `user` written as features write them; the row is returned. */
  async function noticeFor(user: { id: number; email: string }, kindOf = 'booking.confirmed') {
    const [mail] = await t.db.transaction((tx) =>
      queueNotice(tx, {
        userId: user.id,
        email: user.email,
        kind: kindOf,
        title: 'Booking confirmed',
        body: 'Accepted.',
        link: '/bookings',
      }),
    );
    const [row] = await t.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, mail?.deliveryId ?? 0));
    return row;
  }
  const setRow = (id: number, set: Partial<typeof deliveries.$inferInsert>) =>
    t.db.update(deliveries).set(set).where(eq(deliveries.id, id));

  it('writes a booking notice to the outbox and sends it during the request: the mail is there at once', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const res = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, daysAhead(5)));
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.userId, cg.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'booking.pending',
        channel: 'email',
        destination: cg.user.email,
        status: 'sent',
        attempts: 1,
        provider: 'sandbox',
        critical: false,
      }),
    ]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, cg.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(rows[0].subject);
  });

  it('lists my own deliveries, newest first, with no provider ids or errors; anonymous 401', async () => {
    const me = await signedIn(t.db);
    const other = await signedIn(t.db);
    const first = await noticeFor(me.user);
    const second = await noticeFor(me.user, 'visit.incident');
    await noticeFor(other.user);
    await setRow(second.id, { lastError: 'smtp 550', providerMessageId: 'secret-ish-id' });
    const res = await t.injectAs(me, { method: 'GET', url: '/api/notifications/deliveries' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([second.id, first.id]);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['channel', 'createdAt', 'destination', 'id', 'kind', 'status', 'subject', 'updatedAt'].sort(),
    );
    expect(res.body).not.toContain('secret-ish-id');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/deliveries' })).statusCode).toBe(
      401,
    );
    const bad = await t.injectAs(me, { method: 'GET', url: '/api/notifications/deliveries?page=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows admins the log filtered by user, e-mail, kind, channel, status; families 403, anonymous 401', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const family = await signedIn(t.db);
    const a = await noticeFor(family.user, 'visit.no_show');
    const b = await noticeFor(family.user, 'booking.confirmed');
    await setRow(a.id, { status: 'failed', lastError: 'smtp 550' });
    const get = (q: string, headers = admin.headers) =>
      t.app.inject({ method: 'GET', url: `/api/admin/deliveries${q}`, headers });
    const byUser = (await get(`?userId=${family.user.id}`)).json();
    expect(byUser.items.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
    expect(byUser.items[1]).toMatchObject({ lastError: 'smtp 550', userEmail: family.user.email });
    const byEmail = (await get(`?email=${encodeURIComponent(family.user.email.toUpperCase())}`)).json();
    expect(byEmail.total).toBe(2);
    const failed = (
      await get(`?userId=${family.user.id}&status=failed&channel=email&kind=visit.no_show`)
    ).json();
    expect(failed.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect((await get('?channel=pigeon')).statusCode).toBe(400);
    expect((await get('?kind=%00')).statusCode).toBe(400);
    expect((await get('', family.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deliveries' })).statusCode).toBe(401);
  });

  it('lets an admin retry a failed delivery (audited, sent again now); 409 while queued, 403 others', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const family = await signedIn(t.db);
    const row = await noticeFor(family.user);
    const retry = (id: number, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/admin/deliveries/${id}/retry`, headers });

    expect((await retry(row.id)).statusCode).toBe(409); // still queued (nothing dispatched it)
    await setRow(row.id, { status: 'failed', attempts: 6, lastError: 'send failed' });
    expect((await retry(row.id, family.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/deliveries/${row.id}/retry` })).statusCode,
    ).toBe(401);
    const res = await retry(row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toMatchObject({ id: row.id, status: 'sent', attempts: 1, lastError: null });
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectType, 'delivery'), eq(adminAudit.subjectId, row.id)));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.user.id, action: 'delivery.retry' })]);
    expect((await retry(999_999)).statusCode).toBe(404);
    expect((await retry(0)).statusCode).toBe(400);
  });

  describe('signed receipts', () => {
    const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${provider}/delivery`,
        headers: { 'content-type': form, ...headers },
        payload: body,
      });
    /** A sandbox receipt's headers, signed at `at` (the app's clock by default). */
    const signed = (body: string, at = t.app.now()) => sandboxReceiptHeaders(SANDBOX_SECRET, body, at);

    async function sentRow(provider: string, providerMessageId: string) {
      const family = await signedIn(t.db);
      const row = await noticeFor(family.user);
      await setRow(row.id, { status: 'sent', provider, providerMessageId, sentAt: new Date() });
      return row;
    }
    const statusOf = async (id: number) =>
      (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
    const fallbacksOf = (id: number) => t.db.select().from(deliveries).where(eq(deliveries.fallbackOf, id));

    it('refuses unsigned, forged and re-timed receipts with 401 and changes nothing; unknown provider 404', async () => {
      const row = await sentRow('sandbox', 'SBforged1');
      const body = 'MessageSid=SBforged1&MessageStatus=undelivered';
      const good = signed(body);
      expect((await post('sandbox', body)).statusCode).toBe(401);
      const zeros = { ...good, 'x-sandbox-signature': 'sha256=00' };
      expect((await post('sandbox', body, zeros)).statusCode).toBe(401);
      const wrongKey = sandboxReceiptHeaders('another-secret-entirely', body, t.app.now());
      expect((await post('sandbox', body, wrongKey)).statusCode).toBe(401);
      // Signed for another body.
      const other = signed('MessageSid=SBforged1&MessageStatus=delivered');
      expect((await post('sandbox', body, other)).statusCode).toBe(401);
      // The timestamp is signed: the same signature with another time (still in the window) is refused.
      const moved = { ...good, 'x-sandbox-timestamp': String(Number(good['x-sandbox-timestamp']) - 1) };
      expect((await post('sandbox', body, moved)).statusCode).toBe(401);
      // No timestamp, or not unix seconds.
      const noTime = { 'x-sandbox-signature': good['x-sandbox-signature'] };
      expect((await post('sandbox', body, noTime)).statusCode).toBe(401);
      for (const bad of ['', 'abc', '-1', '1e9', `${good['x-sandbox-timestamp']}.5`, '9'.repeat(40)]) {
        const res = await post('sandbox', body, { ...good, 'x-sandbox-timestamp': bad });
        expect(res.statusCode).toBe(401);
      }
      const twilioForged = twilioSignature('not-the-token', 'http://x/', new URLSearchParams(body));
      expect((await post('twilio', body, { 'x-twilio-signature': twilioForged })).statusCode).toBe(401);
      expect((await statusOf(row.id))?.status).toBe('sent');
      expect((await post('carrier-pigeon', body, good)).statusCode).toBe(404);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox/delivery',
        headers: { 'content-type': 'application/json', ...good },
        payload: '{}',
      });
      expect(json.statusCode).toBe(415);
      // The genuine receipt still lands: none of the refusals above was remembered as taken.
      expect((await post('sandbox', body, good)).statusCode).toBe(200);
      expect((await statusOf(row.id))?.status).toBe('failed');
    });

    it('takes a signed sandbox receipt: delivered; an unknown message id is a 200 no-op', async () => {
      const row = await sentRow('sandbox', 'SBgood1');
      const body = 'MessageSid=SBgood1&MessageStatus=delivered';
      const res = await post('sandbox', body, signed(body));
      expect(res.statusCode).toBe(200);
      expect(await statusOf(row.id)).toMatchObject({ status: 'delivered' });
      const unknown = 'MessageSid=SBnobody&MessageStatus=delivered';
      const res2 = await post('sandbox', unknown, signed(unknown));
      expect(res2.statusCode).toBe(200);
      const garbage = 'Nothing=here';
      const res3 = await post('sandbox', garbage, signed(garbage));
      expect(res3.statusCode).toBe(400);
    });

    it('takes a Twilio receipt signed over our public URL and the sorted form: undelivered → failed', async () => {
      const row = await sentRow('twilio', 'SMtwilio1');
      const params = new URLSearchParams({
        MessageSid: 'SMtwilio1',
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
        AccountSid: 'AC0001',
      });
      const url = `${t.env.publicUrl}/api/webhooks/twilio/delivery`;
      const res = await post('twilio', params.toString(), {
        'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params),
      });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(row.id)).toMatchObject({
        status: 'failed',
        lastError: 'undelivered (code 30003)',
      });
      // A receipt for the sandbox's id space does not touch a Twilio row.
      const forSandbox = 'MessageSid=SMtwilio1&MessageStatus=delivered';
      await post('sandbox', forSandbox, signed(forSandbox));
      expect((await statusOf(row.id))?.status).toBe('failed');
    });

    it('refuses a sandbox receipt replayed verbatim (409): the row and its one SMS fallback stay as they were', async () => {
      clock = new Date('2026-11-28T15:00:00Z');
      const row = await sentRow('sandbox', 'SBreplay1');
      // The family gets booking notices by SMS too, on a verified phone: a bounce falls back to an SMS.
      await t.db
        .insert(notificationPhones)
        .values({ userId: row.userId, phone: '+18765550142', verifiedAt: clock });
      await t.db
        .insert(notificationPreferences)
        .values({ userId: row.userId, group: 'bookings', email: true, sms: true, whatsapp: false });
      const body = 'MessageSid=SBreplay1&MessageStatus=undelivered';
      const headers = signed(body);
      expect((await post('sandbox', body, headers)).statusCode).toBe(200);
      expect(await statusOf(row.id)).toMatchObject({ status: 'failed', lastError: 'undelivered' });
      const [fallback] = await fallbacksOf(row.id);
      expect(fallback).toMatchObject({ channel: 'sms', destination: '+18765550142' });

      // An admin sent it again and the SMTP server said "busy": queued for a retry, same provider id.
      await setRow(row.id, { status: 'queued', attempts: 1, lastError: 'smtp 421' });
      const before = await statusOf(row.id);
      clock = new Date(clock.getTime() + 60_000);
      const replay = await post('sandbox', body, headers);
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ code: 'CONFLICT' });
      // Neither the admin's retry undone, nor a second SMS.
      expect(await statusOf(row.id)).toEqual(before);
      expect(await fallbacksOf(row.id)).toEqual([fallback]);
      expect(replay.body).not.toContain(SANDBOX_SECRET);
    });

    it('refuses a Twilio receipt replayed verbatim (409): Twilio signs no time, so its signature is remembered', async () => {
      const row = await sentRow('twilio', 'SMreplay1');
      const params = new URLSearchParams({ MessageSid: 'SMreplay1', MessageStatus: 'undelivered' });
      const url = `${t.env.publicUrl}/api/webhooks/twilio/delivery`;
      const headers = { 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params) };
      expect((await post('twilio', params.toString(), headers)).statusCode).toBe(200);
      await setRow(row.id, { status: 'queued', attempts: 1, lastError: 'provider 503' });
      const before = await statusOf(row.id);
      const replay = await post('twilio', params.toString(), headers);
      expect(replay.statusCode).toBe(409);
      expect(await statusOf(row.id)).toEqual(before);
    });

    it('takes a sandbox receipt signed within 5 minutes of our clock either way, refuses one 6 minutes off', async () => {
      const now = new Date('2026-11-28T16:00:00Z');
      clock = now;
      const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
      const [a, b, c] = [
        await sentRow('sandbox', 'SBwindowA'),
        await sentRow('sandbox', 'SBwindowB'),
        await sentRow('sandbox', 'SBwindowC'),
      ];
      const delivered = (sid: string) => `MessageSid=${sid}&MessageStatus=delivered`;
      const remembered = async () => (await t.db.select().from(webhookReceipts)).length;
      const rememberedBefore = await remembered();
      for (const off of [-6, 6]) {
        const res = await post(
          'sandbox',
          delivered('SBwindowA'),
          signed(delivered('SBwindowA'), minutes(off)),
        );
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toMatch(/5 minutes/);
      }
      expect((await statusOf(a.id))?.status).toBe('sent');
      expect(await remembered()).toBe(rememberedBefore); // a refused receipt is not remembered
      const old = await post('sandbox', delivered('SBwindowA'), signed(delivered('SBwindowA'), minutes(-4)));
      expect(old.statusCode).toBe(200);
      const early = await post('sandbox', delivered('SBwindowB'), signed(delivered('SBwindowB'), minutes(4)));
      expect(early.statusCode).toBe(200);
      const edge = await post('sandbox', delivered('SBwindowC'), signed(delivered('SBwindowC'), minutes(-5)));
      expect(edge.statusCode).toBe(200);
      for (const r of [a, b, c]) expect((await statusOf(r.id))?.status).toBe('delivered');
    });

    it('remembers sandbox signatures for twice the window and Twilio’s for 30 days; the deliveries job forgets them after', async () => {
      const now = new Date('2026-11-28T17:00:00Z');
      clock = now;
      await t.db.delete(webhookReceipts);
      const sb = 'MessageSid=SBforget1&MessageStatus=delivered';
      expect((await post('sandbox', sb, signed(sb))).statusCode).toBe(200);
      const params = new URLSearchParams({ MessageSid: 'SMforget1', MessageStatus: 'delivered' });
      const url = `${t.env.publicUrl}/api/webhooks/twilio/delivery`;
      const tw = { 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params) };
      expect((await post('twilio', params.toString(), tw)).statusCode).toBe(200);
      const kept = async () =>
        (await t.db.select().from(webhookReceipts))
          .map((r) => [r.provider, r.expiresAt.toISOString()])
          .sort();
      expect(await kept()).toEqual([
        ['sandbox', '2026-11-28T17:10:00.000Z'],
        ['twilio', '2026-12-28T17:00:00.000Z'],
      ]);
      await runJob(t.app, deliveriesJob, new Date('2026-11-28T17:10:00Z'));
      expect(await kept()).toEqual([['twilio', '2026-12-28T17:00:00.000Z']]);
      // 30 days on, a copy of the Twilio receipt is taken again (and a delivered row stays delivered).
      await runJob(t.app, deliveriesJob, new Date('2026-12-28T17:00:00Z'));
      expect(await kept()).toEqual([]);
    });
  });
});

describe.each(DB_KINDS)('delivery webhooks with no secret configured, on %s', (kind) => {
  const t = useTestApp(kind, { sandboxWebhookSecret: undefined, smsProvider: undefined });
  const post = (provider: string, body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}/delivery`,
      headers: { 'content-type': form, ...headers },
      payload: body,
    });

  it('answers 401 to the sandbox without SANDBOX_WEBHOOK_SECRET and to Twilio without an auth token; nothing changes', async () => {
    const family = await signedIn(t.db);
    const [mail] = await t.db.transaction((tx) =>
      queueNotice(tx, {
        userId: family.user.id,
        email: family.user.email,
        kind: 'booking.confirmed',
        title: 'Booking confirmed',
        body: 'Accepted.',
        link: '/bookings',
      }),
    );
    const id = mail?.deliveryId ?? 0;
    const rowOf = async () => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
    for (const [provider, sid] of [
      ['sandbox', 'SBnosecret1'],
      ['twilio', 'SMnosecret1'],
    ]) {
      await t.db
        .update(deliveries)
        .set({ status: 'sent', provider, providerMessageId: sid, sentAt: new Date() })
        .where(eq(deliveries.id, id));
      const before = await rowOf();
      const body = `MessageSid=${sid}&MessageStatus=undelivered`;
      // Signed with whatever key an attacker might guess, even an empty one.
      for (const key of ['', 'any-guessed-secret-123']) {
        const headers =
          provider === 'sandbox'
            ? sandboxReceiptHeaders(key, body, t.app.now())
            : {
                'x-twilio-signature': twilioSignature(
                  key,
                  `${t.env.publicUrl}/api/webhooks/twilio/delivery`,
                  new URLSearchParams(body),
                ),
              };
        const res = await post(provider, body, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      expect(await rowOf()).toEqual(before);
      expect(await t.db.select().from(deliveries).where(eq(deliveries.fallbackOf, id))).toEqual([]);
    }
    expect(await t.db.select().from(webhookReceipts)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'delivery receipts across two server instances on PostgreSQL',
  () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    const env = { sandboxWebhookSecret: SANDBOX_SECRET };

    beforeAll(async () => {
      const first = await openTestDatabase('postgres');
      const second = await openDatabase({ kind: 'postgres', url: first.url ?? '', poolSize: 3 });
      a = await buildApp({ env: testEnv(env), database: first, logger: false });
      b = await buildApp({ env: testEnv(env), database: second, logger: false });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('takes one copy of a receipt posted to both at once and refuses the other (409), and later copies to either', async () => {
      const family = await signedIn(a.db);
      const [mail] = await a.db.transaction((tx) =>
        queueNotice(tx, {
          userId: family.user.id,
          email: family.user.email,
          kind: 'booking.confirmed',
          title: 'Booking confirmed',
          body: 'Accepted.',
          link: '/bookings',
        }),
      );
      const id = mail?.deliveryId ?? 0;
      await a.db
        .update(deliveries)
        .set({ status: 'sent', provider: 'sandbox', providerMessageId: 'SBtwice1', sentAt: new Date() })
        .where(eq(deliveries.id, id));
      const body = 'MessageSid=SBtwice1&MessageStatus=delivered';
      const headers = { 'content-type': form, ...sandboxReceiptHeaders(SANDBOX_SECRET, body, new Date()) };
      const post = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/webhooks/sandbox/delivery', headers, payload: body });
      const both = await Promise.all([post(a), post(b)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await post(a)).statusCode).toBe(409);
      expect((await post(b)).statusCode).toBe(409);
      const [row] = await b.db.select().from(deliveries).where(eq(deliveries.id, id));
      expect(row).toMatchObject({ status: 'delivered' });
    });
  },
);
