import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUPPORT_ACCOUNT_EMAIL } from '../../core/support-account';
import { messages, notifications, users } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { messagingHelpers } from './testing';

describe.each(DB_KINDS)('messages API on %s', (kind) => {
  const t = useTestApp(kind);

  const { pair, send } = messagingHelpers(t);

  it('has a support account nobody can log in as; users write to it, admins answer as support', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    const supportId = config.supportUserId;
    expect(supportId).toBe(t.app.supportUserId);
    const [support] = await t.database.db.select().from(users).where(eq(users.id, supportId));
    expect(support).toMatchObject({ userType: 'admin', firstName: 'YaadCare', lastName: 'Support' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: SUPPORT_ACCOUNT_EMAIL, password: '!' },
    });
    expect(login.statusCode).toBe(400);

    const { family, fh } = await pair();
    const admin = await createUser(t.database.db, {
      userType: 'admin',
      firstName: 'Andre',
      lastName: 'Brown',
    });
    const ah = bearer(await loginToken(t.app, admin.email));
    // An admin writing as themselves is refused.
    expect((await send(ah, { receiverId: family.id, content: 'hi' })).statusCode).toBe(403);

    expect(
      (await send(fh, { receiverId: supportId, content: 'I need help with a booking' })).statusCode,
    ).toBe(201);
    const adminNotes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(adminNotes.some((n) => n.kind === 'support-message')).toBe(true);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/support/conversations', headers: ah })
    ).json();
    expect(list[0]).toMatchObject({ user: { id: family.id }, unreadCount: 1 });

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${family.id}/messages`,
      headers: ah,
      payload: { content: 'Happy to help!' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      senderId: supportId,
      receiverId: family.id,
      sentByAdmin: 'Andre Brown',
    });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, reply.json().id));
    expect(row.sentByAdminId).toBe(admin.id);

    // The family sees a reply from support, without the admin's name.
    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${supportId}/messages`, headers: fh })
    ).json();
    expect(mine.user).toMatchObject({ isSupport: true, firstName: 'YaadCare' });
    expect(mine.messages.at(-1)).toMatchObject({ content: 'Happy to help!' });
    expect(mine.messages.at(-1)).not.toHaveProperty('sentByAdmin');
    const adminView = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/support/conversations/${family.id}/messages`,
        headers: ah,
      })
    ).json();
    expect(adminView.messages.at(-1).sentByAdmin).toBe('Andre Brown');
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${family.id}/read`,
      headers: ah,
    });
    expect(read.json().updated).toBe(1);
  });

  it('reports go to the admin queue with the conversation; admins resolve them', async () => {
    const { family, caregiver, fh } = await pair();
    await send(fh, { receiverId: caregiver.id, content: 'Please send me your bank PIN' });
    const ch = bearer(await loginToken(t.app, caregiver.email));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/users/${family.id}/report`,
          headers: ch,
          payload: { reason: '  ' },
        })
      ).statusCode,
    ).toBe(400);
    const rep = await t.app.inject({
      method: 'POST',
      url: `/api/users/${family.id}/report`,
      headers: ch,
      payload: { reason: 'Asked for my bank PIN' },
    });
    expect(rep.statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/users/${t.app.supportUserId}/report`,
          headers: ch,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const ah = bearer(await loginToken(t.app, admin.email));
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: ah })).json();
    const mine = queue.find((r: { id: number }) => r.id === rep.json().id);
    expect(mine).toMatchObject({
      reason: 'Asked for my bank PIN',
      reporter: { id: caregiver.id },
      reported: { id: family.id, suspended: false },
    });
    expect(mine.conversation.map((m: { content: string }) => m.content)).toContain(
      'Please send me your bank PIN',
    );
    const resolve = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'POST', url: `/api/admin/reports/${rep.json().id}/resolve`, headers }))
        .statusCode;
    expect(await resolve(ch)).toBe(403);
    expect(await resolve(ah)).toBe(204);
    expect(await resolve(ah)).toBe(404);
  });

  it('keeps e-mail preferences per user (all on by default) and marks all notifications read', async () => {
    const { fh, caregiver, ch } = await pair();
    const get = await t.app.inject({ method: 'GET', url: '/api/notification-preferences', headers: fh });
    expect(get.json()).toEqual({ messages: true, bookings: true, reviews: true, support: true });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: fh,
      payload: { messages: false, bookings: true, reviews: false, support: true },
    });
    expect(put.json()).toEqual({ messages: false, bookings: true, reviews: false, support: true });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/notification-preferences',
          headers: fh,
          payload: { messages: 'no' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification-preferences' })).statusCode).toBe(
      401,
    );

    await send(fh, { receiverId: caregiver.id, content: 'hello' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: ch })).json();
    expect(before.unread).toBeGreaterThan(0);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: ch });
    expect(all.json().updated).toBe(before.unread);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: ch })).json().unread,
    ).toBe(0);
  });
});
