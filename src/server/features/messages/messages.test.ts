import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoDataIfEmpty } from '../../db/demo-data';
import { messages, notifications, users } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, openTestDatabase, useTestApp } from '../../test/harness';
import { messagingRefusal } from './service';
import { ensureSupportAccount, SUPPORT_ACCOUNT_EMAIL } from './support-account';

describe('messagingRefusal', () => {
  const family = { userType: 'family' as const, isSupport: false };
  const caregiver = { userType: 'caregiver' as const, isSupport: false };
  const admin = { userType: 'admin' as const, isSupport: false };
  const support = { userType: 'admin' as const, isSupport: true };
  it('lets families and caregivers write to each other and to support, and support to anyone', () => {
    expect(messagingRefusal(family, caregiver)).toBeNull();
    expect(messagingRefusal(caregiver, family)).toBeNull();
    expect(messagingRefusal(family, support)).toBeNull();
    expect(messagingRefusal(caregiver, support)).toBeNull();
    expect(messagingRefusal(support, family)).toBeNull();
    expect(messagingRefusal(support, admin)).toBeNull();
  });
  it('refuses family→family, caregiver→caregiver, anyone→an admin, and admins as themselves', () => {
    expect(messagingRefusal(family, family)).toMatch(/not other families/);
    expect(messagingRefusal(caregiver, caregiver)).toMatch(/not other caregivers/);
    expect(messagingRefusal(family, admin)).toMatch(/only message/);
    expect(messagingRefusal(admin, family)).toMatch(/as YaadCare Support/);
    expect(messagingRefusal(admin, support)).toMatch(/as YaadCare Support/);
  });
});

describe('the support account', () => {
  it('is created once (idempotent) and does not stop the demo data from seeding an empty database', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const id = await ensureSupportAccount(database.db);
      expect(await ensureSupportAccount(database.db)).toBe(id);
      expect(await seedDemoDataIfEmpty(database.db, { passwordHash: 'not-a-real-hash' })).not.toBeNull();
      expect(await seedDemoDataIfEmpty(database.db, { passwordHash: 'not-a-real-hash' })).toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe.each(DB_KINDS)('messages API on %s', (kind) => {
  const t = useTestApp(kind);

  async function pair() {
    const family = await createUser(t.database.db, { userType: 'family', firstName: 'Natalie' });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver', firstName: 'Shanique' });
    const [fh, ch] = await Promise.all([loginToken(t.app, family.email), loginToken(t.app, caregiver.email)]);
    return { family, caregiver, fh: bearer(fh), ch: bearer(ch) };
  }
  const send = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/messages', headers, payload: payload as object });

  it('sends as the signed-in user whatever senderId says, trims the content, and lists it with isRead', async () => {
    const { family, caregiver, fh, ch } = await pair();
    const res = await send(fh, {
      senderId: caregiver.id,
      receiverId: caregiver.id,
      content: '  Hello there  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      senderId: family.id,
      receiverId: caregiver.id,
      content: 'Hello there',
      isRead: false,
      readAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/messages', headers: ch });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ senderId: family.id, content: 'Hello there', isRead: false });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(row.senderId).toBe(family.id);
  });

  it('refuses visitors (401), blank and oversized content (400), unknown receivers (404) and yourself (400)', async () => {
    const { caregiver, fh } = await pair();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/messages',
          payload: { receiverId: caregiver.id, content: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    for (const content of ['', '   \n  ', 'x'.repeat(4001)]) {
      const res = await send(fh, { receiverId: caregiver.id, content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await send(fh, { receiverId: caregiver.id, content: 'x'.repeat(4000) })).statusCode).toBe(201);
    // 4,000 four-byte characters do not fit a NOTIFY payload: still sent (the event goes without the text).
    expect((await send(fh, { receiverId: caregiver.id, content: '😀'.repeat(2000) })).statusCode).toBe(201);
    expect((await send(fh, { receiverId: 999999, content: 'hi' })).statusCode).toBe(404);
    expect((await send(fh, { content: 'hi' })).statusCode).toBe(400);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: fh })).json();
    expect((await send(fh, { receiverId: me.id, content: 'hi' })).statusCode).toBe(400);
  });

  it('refuses family→family and caregiver→caregiver with 403, and contact with suspended users', async () => {
    const { fh, ch } = await pair();
    const otherFamily = await createUser(t.database.db, { userType: 'family' });
    const otherCaregiver = await createUser(t.database.db, { userType: 'caregiver' });
    const f2f = await send(fh, { receiverId: otherFamily.id, content: 'hi' });
    expect(f2f.statusCode).toBe(403);
    expect(f2f.json().message).toMatch(/families/);
    expect((await send(ch, { receiverId: otherCaregiver.id, content: 'hi' })).statusCode).toBe(403);
    const suspended = await createUser(t.database.db, { userType: 'caregiver', suspendedAt: new Date() });
    const s = await send(fh, { receiverId: suspended.id, content: 'hi' });
    expect(s.statusCode).toBe(403);
    expect(s.json().message).toBe('This user is not available.');
  });

  it('refuses a blocked sender (both ways) until unblocked', async () => {
    const { family, caregiver, fh, ch } = await pair();
    const block = await t.app.inject({ method: 'POST', url: `/api/users/${family.id}/block`, headers: ch });
    expect(block.statusCode).toBe(204);
    const blocked = await send(fh, { receiverId: caregiver.id, content: 'hello?' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe("You can't send messages to this user.");
    const back = await send(ch, { receiverId: family.id, content: 'hi' });
    expect(back.statusCode).toBe(403);
    expect(back.json().message).toMatch(/Unblock/);
    const conv = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${caregiver.id}/messages`,
      headers: fh,
    });
    expect(conv.json()).toMatchObject({ blockedMe: true, blockedByMe: false, canMessage: false });
    await t.app.inject({ method: 'DELETE', url: `/api/users/${family.id}/block`, headers: ch });
    expect((await send(fh, { receiverId: caregiver.id, content: 'hello again' })).statusCode).toBe(201);
  });

  it('rate-limits a sender to 30 messages a minute (429), per sender', async () => {
    const { family, caregiver, fh, ch } = await pair();
    for (let i = 0; i < 30; i += 1) {
      expect((await send(fh, { receiverId: caregiver.id, content: `m${i}` })).statusCode).toBe(201);
    }
    const limited = await send(fh, { receiverId: caregiver.id, content: 'one too many' });
    expect(limited.statusCode).toBe(429);
    // Seconds left in the sender's one-minute window (a shared counter: ADR 0010).
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/30 messages a minute/);
    // Another sender is not affected.
    expect((await send(ch, { receiverId: family.id, content: 'still fine' })).statusCode).toBe(201);
  });

  it('lists conversations with unread counts, pages history oldest→newest, and marks read (readAt and isRead)', async () => {
    const { family, caregiver, fh, ch } = await pair();
    for (let i = 1; i <= 5; i += 1) await send(fh, { receiverId: caregiver.id, content: `msg ${i}` });
    await send(ch, { receiverId: family.id, content: 'reply' });

    const convs = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: ch });
    expect(convs.statusCode).toBe(200);
    expect(convs.json()).toHaveLength(1);
    expect(convs.json()[0]).toMatchObject({
      user: { id: family.id, firstName: 'Natalie', userType: 'family', isSupport: false },
      lastMessage: { content: 'reply', senderId: caregiver.id },
      unreadCount: 5,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: ch })).json(),
    ).toEqual({
      unread: 5,
    });
    // One notification for the unread streak, not one per message.
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, caregiver.id));
    expect(notes.filter((n) => n.kind === 'message')).toHaveLength(1);

    const page1 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${family.id}/messages?limit=4`,
        headers: ch,
      })
    ).json();
    expect(page1.messages.map((m: { content: string }) => m.content)).toEqual([
      'msg 3',
      'msg 4',
      'msg 5',
      'reply',
    ]);
    expect(page1.hasMore).toBe(true);
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${family.id}/messages?limit=4&before=${page1.messages[0].id}`,
        headers: ch,
      })
    ).json();
    expect(page2.messages.map((m: { content: string }) => m.content)).toEqual(['msg 1', 'msg 2']);
    expect(page2.hasMore).toBe(false);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${family.id}/read`,
      headers: ch,
      payload: { upToId: page1.messages[0].id },
    });
    expect(read.json().updated).toBe(3);
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${family.id}/read`,
      headers: ch,
    });
    expect(rest.json().updated).toBe(2);
    const rows = await t.database.db.select().from(messages).where(eq(messages.receiverId, caregiver.id));
    expect(rows.every((m) => m.isRead && m.readAt instanceof Date)).toBe(true);
    // The reply is still unread for the family: reading is per reader.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/messages/unread-count', headers: fh })).json().unread,
    ).toBe(1);
    // The message notification was marked read with the conversation.
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, caregiver.id));
    expect(after.filter((n) => n.kind === 'message' && !n.readAt)).toHaveLength(0);
  });

  it("never shows a stranger someone else's conversation", async () => {
    const { family, caregiver, fh } = await pair();
    await send(fh, { receiverId: caregiver.id, content: 'private words' });
    const stranger = await createUser(t.database.db, { userType: 'caregiver' });
    const sh = bearer(await loginToken(t.app, stranger.email));
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${family.id}/messages`,
      headers: sh,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().messages).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', headers: sh })).json()).toEqual(
      [],
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/messages', headers: sh })).json()).toEqual([]);
    // Marking someone else's messages read changes nothing.
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${family.id}/read`,
      headers: sh,
    });
    expect(read.json().updated).toBe(0);
    // Admin-only views refuse users.
    for (const url of [
      '/api/admin/support/conversations',
      `/api/admin/support/conversations/${family.id}/messages`,
      '/api/admin/reports',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: sh })).statusCode, url).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${999999}/messages`, headers: sh }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/conversations/abc/messages', headers: sh })).statusCode,
    ).toBe(400);
  });

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
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/${rep.json().id}/resolve`,
          headers: ch,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/${rep.json().id}/resolve`,
          headers: ah,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/${rep.json().id}/resolve`,
          headers: ah,
        })
      ).statusCode,
    ).toBe(404);
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
