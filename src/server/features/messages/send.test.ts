import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureSupportAccount } from '../../core/support-account';
import { messages } from '../../db/schema';
import { seedDemoDataIfEmpty } from '../../demo-data';
import { createUser } from '../../test/factories';
import { DB_KINDS, openTestDatabase, useTestApp } from '../../test/harness';
import { messagingRefusal } from './service';
import { messagingHelpers } from './testing';

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

  const { pair, send } = messagingHelpers(t);

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
});
