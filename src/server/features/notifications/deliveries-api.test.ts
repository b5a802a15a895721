import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxSignature, twilioSignature } from '../../adapters/channels';
import { adminAudit, deliveries, mailOutbox } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { daysAhead, panelBody, requestBooking, signedIn, signedInCaregiver } from '../bookings/testing';
import { queueNotice } from './outbox';

const SANDBOX_SECRET = 'sandbox-receipts-secret-1234';
const TWILIO_TOKEN = 'twilio-auth-token-5678';
const form = 'application/x-www-form-urlencoded';

describe.each(DB_KINDS)('delivery API on %s', (kind) => {
  const t = useTestApp(kind, {
    sandboxWebhookSecret: SANDBOX_SECRET,
    smsProvider: {
      url: 'http://127.0.0.1:9',
      accountSid: 'AC0001',
      authToken: TWILIO_TOKEN,
      from: '+18765550100',
    },
  });
  const db = () => t.database.db;

  /** A notice for `user` written as features write them; the row is returned. */
  async function noticeFor(user: { id: number; email: string }, kindOf = 'booking.confirmed') {
    const [mail] = await db().transaction((tx) =>
      queueNotice(tx, {
        userId: user.id,
        email: user.email,
        kind: kindOf,
        title: 'Booking confirmed',
        body: 'Accepted.',
        link: '/bookings',
      }),
    );
    const [row] = await db()
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, mail?.deliveryId ?? 0));
    return row;
  }
  const setRow = (id: number, set: Partial<typeof deliveries.$inferInsert>) =>
    db().update(deliveries).set(set).where(eq(deliveries.id, id));

  it('writes a booking notice to the outbox and sends it during the request: the mail is there at once', async () => {
    const family = await signedIn(db(), { userType: 'family' });
    const cg = await signedInCaregiver(db());
    const res = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, daysAhead(5)));
    expect(res.statusCode).toBe(201);
    const rows = await db().select().from(deliveries).where(eq(deliveries.userId, cg.user.id));
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
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, cg.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(rows[0].subject);
  });

  it('lists my own deliveries, newest first, with no provider ids or errors; anonymous 401', async () => {
    const me = await signedIn(db());
    const other = await signedIn(db());
    const first = await noticeFor(me.user);
    const second = await noticeFor(me.user, 'visit.incident');
    await noticeFor(other.user);
    await setRow(second.id, { lastError: 'smtp 550', providerMessageId: 'secret-ish-id' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/deliveries',
      headers: me.headers,
    });
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
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/deliveries?page=0',
      headers: me.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows admins the log filtered by user, e-mail, kind, channel, status; families 403, anonymous 401', async () => {
    const admin = await signedIn(db(), { userType: 'admin' });
    const family = await signedIn(db());
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
    const admin = await signedIn(db(), { userType: 'admin' });
    const family = await signedIn(db());
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
    const audit = await db()
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

    async function sentRow(provider: string, providerMessageId: string) {
      const family = await signedIn(db());
      const row = await noticeFor(family.user);
      await setRow(row.id, { status: 'sent', provider, providerMessageId, sentAt: new Date() });
      return row;
    }
    const statusOf = async (id: number) =>
      (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0];

    it('refuses unsigned and forged receipts with 401 and changes nothing; unknown provider 404', async () => {
      const row = await sentRow('sandbox', 'SBforged1');
      const body = 'MessageSid=SBforged1&MessageStatus=undelivered';
      expect((await post('sandbox', body)).statusCode).toBe(401);
      expect((await post('sandbox', body, { 'x-sandbox-signature': 'sha256=00' })).statusCode).toBe(401);
      const wrongKey = sandboxSignature('another-secret-entirely', body);
      expect((await post('sandbox', body, { 'x-sandbox-signature': wrongKey })).statusCode).toBe(401);
      // Signed for another body.
      const other = sandboxSignature(SANDBOX_SECRET, 'MessageSid=SBforged1&MessageStatus=delivered');
      expect((await post('sandbox', body, { 'x-sandbox-signature': other })).statusCode).toBe(401);
      const twilioForged = twilioSignature('not-the-token', 'http://x/', new URLSearchParams(body));
      expect((await post('twilio', body, { 'x-twilio-signature': twilioForged })).statusCode).toBe(401);
      expect((await statusOf(row.id))?.status).toBe('sent');
      const sig = sandboxSignature(SANDBOX_SECRET, body);
      expect((await post('carrier-pigeon', body, { 'x-sandbox-signature': sig })).statusCode).toBe(404);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox/delivery',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': sig },
        payload: '{}',
      });
      expect(json.statusCode).toBe(415);
    });

    it('takes a signed sandbox receipt: delivered; an unknown message id is a 200 no-op', async () => {
      const row = await sentRow('sandbox', 'SBgood1');
      const body = 'MessageSid=SBgood1&MessageStatus=delivered';
      const res = await post('sandbox', body, {
        'x-sandbox-signature': sandboxSignature(SANDBOX_SECRET, body),
      });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(row.id)).toMatchObject({ status: 'delivered' });
      const unknown = 'MessageSid=SBnobody&MessageStatus=delivered';
      const res2 = await post('sandbox', unknown, {
        'x-sandbox-signature': sandboxSignature(SANDBOX_SECRET, unknown),
      });
      expect(res2.statusCode).toBe(200);
      const garbage = 'Nothing=here';
      const res3 = await post('sandbox', garbage, {
        'x-sandbox-signature': sandboxSignature(SANDBOX_SECRET, garbage),
      });
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
      await post('sandbox', forSandbox, {
        'x-sandbox-signature': sandboxSignature(SANDBOX_SECRET, forSandbox),
      });
      expect((await statusOf(row.id))?.status).toBe('failed');
    });
  });
});
