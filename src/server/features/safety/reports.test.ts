import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('admin reports queue on %s', (kind) => {
  const t = useTestApp(kind);

  /** A family and a caregiver who exchanged `count` messages ("m1"…), and an admin. */
  async function setup(count = 10) {
    const family = await createUser(t.database.db, { userType: 'family' });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver', firstName: 'Devon' });
    const admin = await createUser(t.database.db, { userType: 'admin', firstName: 'Ada', lastName: 'Grant' });
    const fh = bearer(await loginToken(t.app, family.email));
    const ch = bearer(await loginToken(t.app, caregiver.email));
    const ah = bearer(await loginToken(t.app, admin.email));
    const ids: number[] = [];
    for (let i = 1; i <= count; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: i % 2 ? ch : fh,
        payload: { receiverId: i % 2 ? family.id : caregiver.id, content: `m${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const report = async (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/users/${caregiver.id}/report`, headers: fh, payload });
    const queue = async (status = 'open') =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/reports?status=${status}`, headers: ah })).json();
    const act = (id: number, payload: Record<string, unknown>, headers = ah) =>
      t.app.inject({ method: 'POST', url: `/api/admin/reports/${id}/actions`, headers, payload });
    return { family, caregiver, admin, fh, ch, ah, ids, report, queue, act };
  }

  it('refuses visitors (401), families and caregivers (403) on the queue and the actions', async () => {
    const { fh, ch, report, act } = await setup(1);
    const id = (await report({ reason: 'Rude' })).json().id;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/${id}/actions`,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(401);
    for (const h of [fh, ch]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: h })).statusCode).toBe(
        403,
      );
      expect((await act(id, { action: 'dismiss' }, h)).statusCode).toBe(403);
    }
  });

  it('shows the reported message with three before and three after, and refuses a message from another conversation', async () => {
    const { ids, report, queue, ah } = await setup(10);
    const res = await report({ reason: 'Asked for my bank PIN', messageId: ids[4] });
    expect(res.statusCode, res.body).toBe(201);
    const item = (await queue()).find((r: { id: number }) => r.id === res.json().id);
    expect(item.reportedMessageId).toBe(ids[4]);
    expect(item.conversation.map((m: { content: string }) => m.content)).toEqual([
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
    ]);
    expect(item.actions).toEqual([]);
    // A message of a conversation the reporter is not part of is refused.
    const other = await createUser(t.database.db, { userType: 'family' });
    const oh = bearer(await loginToken(t.app, other.email));
    const third = await createUser(t.database.db, { userType: 'caregiver' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: oh,
      payload: { receiverId: third.id, content: 'not yours' },
    });
    expect((await report({ reason: 'x', messageId: foreign.json().id })).statusCode).toBe(400);
    expect((await report({ reason: 'x', messageId: 'abc' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports?status=nope', headers: ah })).statusCode,
    ).toBe(400);
  });

  it('without a reported message, shows the last messages sent up to the report', async () => {
    const { report, queue } = await setup(9);
    const id = (await report({ reason: 'Rude' })).json().id;
    const item = (await queue()).find((r: { id: number }) => r.id === id);
    expect(item.reportedMessageId).toBeNull();
    expect(item.conversation.map((m: { content: string }) => m.content)).toEqual([
      'm3',
      'm4',
      'm5',
      'm6',
      'm7',
      'm8',
      'm9',
    ]);
  });

  it('warns: the reported user gets a notice and an e-mail with the note; the audit trail says who, when, what', async () => {
    const { caregiver, admin, report, queue, act } = await setup(2);
    const id = (await report({ reason: 'Rude' })).json().id;
    expect((await act(id, { action: 'warn' })).statusCode).toBe(400); // a warning needs its text
    expect((await act(id, { action: 'warn', note: '  ' })).statusCode).toBe(400);
    expect((await act(id, { action: 'ban' })).statusCode).toBe(400);
    const res = await act(id, { action: 'warn', note: 'Please keep your messages respectful.' });
    expect(res.statusCode, res.body).toBe(204);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, caregiver.id))
      .orderBy(desc(notifications.id));
    expect(notice).toMatchObject({ kind: 'warning', body: 'Please keep your messages respectful.' });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, caregiver.email));
    expect(mail.text).toContain('Please keep your messages respectful.');
    expect((await queue()).some((r: { id: number }) => r.id === id)).toBe(false);
    const closed = (await queue('resolved')).find((r: { id: number }) => r.id === id);
    expect(closed.status).toBe('resolved');
    expect(closed.actions).toEqual([
      {
        action: 'warn',
        note: 'Please keep your messages respectful.',
        createdAt: expect.any(String),
        admin: { id: admin.id, firstName: 'Ada', lastName: 'Grant' },
      },
    ]);
    // A closed report takes no second action.
    expect((await act(id, { action: 'dismiss' })).statusCode).toBe(409);
    expect((await act(999999, { action: 'dismiss' })).statusCode).toBe(404);
  });

  it('suspends with the existing suspension (signed out, logins refused) and dismisses without touching the user', async () => {
    const { caregiver, ch, report, queue, act } = await setup(1);
    const dismissed = (await report({ reason: 'Not sure' })).json().id;
    expect((await act(dismissed, { action: 'dismiss', note: 'Nothing against the rules' })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ch })).statusCode).toBe(200);
    const item = (await queue('resolved')).find((r: { id: number }) => r.id === dismissed);
    expect(item.actions).toMatchObject([{ action: 'dismiss', note: 'Nothing against the rules' }]);
    expect(item.reported.suspended).toBe(false);

    const suspended = (await report({ reason: 'Threats' })).json().id;
    expect((await act(suspended, { action: 'suspend' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ch })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: caregiver.email, password: 'Blue-Mountain-Coffee-42' },
        })
      ).statusCode,
    ).not.toBe(200);
    const done = (await queue('resolved')).find((r: { id: number }) => r.id === suspended);
    expect(done.actions).toMatchObject([{ action: 'suspend', note: null }]);
    expect(done.reported.suspended).toBe(true);
  });

  it('a refused suspension (an admin reported) leaves the report open with no audit entry', async () => {
    const { fh, act, queue } = await setup(0);
    // Reporting refuses only the support account, so an admin can be reported; suspension refuses admins.
    const otherAdmin = await createUser(t.database.db, { userType: 'admin' });
    const rep = await t.app.inject({
      method: 'POST',
      url: `/api/users/${otherAdmin.id}/report`,
      headers: fh,
      payload: { reason: 'Odd' },
    });
    expect(rep.statusCode).toBe(201);
    expect((await act(rep.json().id, { action: 'suspend' })).statusCode).toBe(409);
    const item = (await queue()).find((r: { id: number }) => r.id === rep.json().id);
    expect(item).toMatchObject({ status: 'open', actions: [] });
  });
});
