import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, notifications } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { messagingHelpers } from './testing';

describe.each(DB_KINDS)('messages API on %s', (kind) => {
  const t = useTestApp(kind);

  const { pair, send } = messagingHelpers(t);

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
});
