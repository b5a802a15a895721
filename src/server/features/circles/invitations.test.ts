import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../core/tokens';
import { circleInvitations, circleMembers, mailOutbox } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { appWithMemoryLog } from '../../test/memory-log';
import { signedIn } from '../../test/sign-in';
import { createCircle, mailedToken, request } from './testing';

const DAY = 86_400_000;

describe.each(DB_KINDS)('circle invitations on %s', (kind) => {
  let clock = new Date('2026-11-24T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);
  const family = (email?: string) => signedIn(t.db, { userType: 'family', firstName: 'Andrea', email });

  async function invite(who: Awaited<ReturnType<typeof family>>, circleId: number, body: object) {
    const res = await request(t.app, 'POST', `/api/circles/${circleId}/invitations`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('mails the link, stores only the hash, previews for the addressee and joins them with the role', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    const sister = await family();
    const created = await invite(owner, c.id, {
      email: `  ${sister.user.email.toUpperCase()} `,
      role: 'payer',
      monthlyCapJmd: 60000,
    });
    expect(created).toMatchObject({
      email: sister.user.email,
      role: 'payer',
      monthlyCapJmd: 60000,
      expiresAt: new Date(clock.getTime() + 7 * DAY).toISOString(),
    });
    const token = await mailedToken(t.db, sister.user.email);
    expect(created.inviteUrl).toBe(`${t.env.publicUrl}/circles/invitations/${token}`);
    const [row] = await t.db.select().from(circleInvitations).where(eq(circleInvitations.id, created.id));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The open list never carries the token or its hash.
    const open = await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner);
    expect(open.json().invitations).toEqual([
      expect.objectContaining({ id: created.id, role: 'payer', invitedBy: 'Andrea' }),
    ]);
    expect(open.body).not.toContain(token);
    expect(open.body).not.toContain(row.tokenHash);

    const preview = await request(t.app, 'GET', `/api/invitations/${token}`, sister);
    expect(preview.json()).toEqual({
      circleName: 'Mummy in Mandeville',
      recipientFirstName: 'Hyacinth',
      recipientParish: 'Manchester',
      recipientTown: 'Mandeville',
      role: 'payer',
      monthlyCapJmd: 60000,
      invitedBy: 'Andrea',
      expiresAt: created.expiresAt,
      accepted: false,
    });
    const accepted = await request(t.app, 'POST', `/api/invitations/${token}/accept`, sister);
    expect(accepted.statusCode).toBe(200);
    const view = accepted.json();
    expect(view.myRoles).toEqual(['payer']);
    // The creator's provisional payer role passed to the sister; they stay coordinator (provisionally).
    expect(view.members).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        roles: ['coordinator'],
        provisionalRoles: ['coordinator'],
      }),
      expect.objectContaining({
        userId: sister.user.id,
        roles: ['payer'],
        provisionalRoles: [],
        monthlyCapJmd: 60000,
      }),
    ]);
    // Accepting again is harmless: the same answer, one membership.
    const again = await request(t.app, 'POST', `/api/invitations/${token}/accept`, sister);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(view);
    const rows = await t.db
      .select()
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, c.id), eq(circleMembers.userId, sister.user.id)));
    expect(rows).toHaveLength(1);
    expect((await request(t.app, 'GET', `/api/invitations/${token}`, sister)).json().accepted).toBe(true);
    expect(
      (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner)).json().invitations,
    ).toEqual([]);
  });

  it('refuses another account (403), caregivers and admins (403), and a used link for someone else (404)', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    const brother = await family();
    const created = await invite(owner, c.id, { email: brother.user.email, role: 'coordinator' });
    const token = await mailedToken(t.db, brother.user.email);
    const other = await family();
    for (const [method, url] of [
      ['GET', `/api/invitations/${token}`],
      ['POST', `/api/invitations/${token}/accept`],
    ] as const) {
      const res = await request(t.app, method, url, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INVITATION_WRONG_ACCOUNT');
    }
    const caregiver = await signedIn(t.db, { userType: 'caregiver', email: `cg-${Date.now()}@example.test` });
    await invite(owner, c.id, { email: caregiver.user.email, role: 'viewer' });
    const cgToken = await mailedToken(t.db, caregiver.user.email);
    const refused = await request(t.app, 'POST', `/api/invitations/${cgToken}/accept`, caregiver);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'CIRCLE_FAMILIES_ONLY',
      message: expect.stringContaining('family'),
    });
    expect(created.role).toBe('coordinator');
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, brother)).statusCode).toBe(200);
    // Unknown token: 404.
    const unknown = await request(t.app, 'GET', `/api/invitations/${'A'.repeat(43)}`, brother);
    expect(unknown.statusCode).toBe(404);
    // The brother is now the only coordinator (the owner's provisional role passed to him): he cannot leave
    // until he gives it back. Once he has left, the old link does not let him back in.
    const leave = `/api/circles/${c.id}/members/${brother.user.id}`;
    expect((await request(t.app, 'DELETE', leave, brother)).json().code).toBe(
      'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
    );
    const back = await request(t.app, 'PATCH', `/api/circles/${c.id}/members/${owner.user.id}`, brother, {
      roles: ['coordinator', 'payer'],
    });
    expect(back.statusCode).toBe(200);
    expect(
      (await request(t.app, 'DELETE', `/api/circles/${c.id}/members/${brother.user.id}`, brother)).statusCode,
    ).toBe(204);
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, brother)).statusCode).toBe(404);
  });

  it('expires after 7 days on the app clock (404 INVITATION_EXPIRED), not a moment before', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    const friend = await family();
    const start = clock;
    await invite(owner, c.id, { email: friend.user.email, role: 'viewer' });
    const token = await mailedToken(t.db, friend.user.email);
    try {
      clock = new Date(start.getTime() + 7 * DAY - 1000);
      expect((await request(t.app, 'GET', `/api/invitations/${token}`, friend)).statusCode).toBe(200);
      expect(
        (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner)).json().invitations,
      ).toHaveLength(1);
      clock = new Date(start.getTime() + 7 * DAY);
      for (const [method, url] of [
        ['GET', `/api/invitations/${token}`],
        ['POST', `/api/invitations/${token}/accept`],
      ] as const) {
        const res = await request(t.app, method, url, friend);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('INVITATION_EXPIRED');
      }
      expect(
        (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner)).json().invitations,
      ).toEqual([]);
    } finally {
      clock = start;
    }
  });

  it('revokes: the link stops working; a new invitation to the same address replaces the old one', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    const cousin = await family();
    const first = await invite(owner, c.id, { email: cousin.user.email, role: 'viewer' });
    const firstToken = await mailedToken(t.db, cousin.user.email);
    const second = await invite(owner, c.id, { email: cousin.user.email, role: 'payer' });
    const secondToken = await mailedToken(t.db, cousin.user.email);
    expect(second.id).not.toBe(first.id);
    expect((await request(t.app, 'GET', `/api/invitations/${firstToken}`, cousin)).statusCode).toBe(404);
    const open = (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner)).json().invitations;
    expect(open.map((i: { id: number }) => i.id)).toEqual([second.id]);
    const revoke = `/api/circles/${c.id}/invitations/${second.id}`;
    expect((await request(t.app, 'DELETE', revoke, owner)).statusCode).toBe(204);
    expect((await request(t.app, 'DELETE', revoke, owner)).statusCode).toBe(404);
    expect((await request(t.app, 'POST', `/api/invitations/${secondToken}/accept`, cousin)).statusCode).toBe(
      404,
    );
    // Another circle's coordinator cannot revoke this circle's invitation through their own circle.
    const third = await invite(owner, c.id, { email: cousin.user.email, role: 'viewer' });
    const stranger = await family();
    const theirs = await createCircle(t.app, stranger);
    const cross = await request(
      t.app,
      'DELETE',
      `/api/circles/${theirs.id}/invitations/${third.id}`,
      stranger,
    );
    expect(cross.statusCode).toBe(404);
    expect(
      (await request(t.app, 'GET', `/api/invitations/${await mailedToken(t.db, cousin.user.email)}`, cousin))
        .statusCode,
    ).toBe(200);
    // Two invitations to one address at once: both answered, one left open.
    const twice = await Promise.all(
      [0, 1].map(() =>
        request(t.app, 'POST', `/api/circles/${c.id}/invitations`, owner, {
          email: 'twin@example.test',
          role: 'viewer',
        }),
      ),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    const openNow = (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, owner)).json()
      .invitations;
    expect(openNow.filter((i: { email: string }) => i.email === 'twin@example.test')).toHaveLength(1);
    // An existing member is not invited again.
    const dup = await request(t.app, 'POST', `/api/circles/${c.id}/invitations`, owner, {
      email: owner.user.email,
      role: 'viewer',
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe.each(DB_KINDS)('circle invitation tokens in logs on %s', (kind) => {
  it('never writes the token to the log (request lines and errors), outside demo mode', {
    timeout: 120_000,
  }, async () => {
    const { app, database, log } = await appWithMemoryLog(kind, { demoMode: false });
    try {
      const owner = await signedIn(database.db, { userType: 'family' });
      const invitee = await signedIn(database.db, { userType: 'family' });
      const other = await signedIn(database.db, { userType: 'family' });
      const c = await createCircle(app, owner);
      const res = await request(app, 'POST', `/api/circles/${c.id}/invitations`, owner, {
        email: invitee.user.email,
        role: 'viewer',
      });
      const token = new URL(res.json().inviteUrl).pathname.split('/').pop() as string;
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, invitee.user.email));
      expect(mail.text).toContain(token);
      await request(app, 'GET', `/api/invitations/${token}`, other);
      await request(app, 'GET', `/api/invitations/${token}`, invitee);
      await request(app, 'POST', `/api/invitations/${token}/accept`, invitee);
      const all = log();
      expect(all).toContain('/api/invitations/[redacted]');
      expect(all).not.toContain(token);
      expect(all).not.toContain(hashToken(token));
    } finally {
      await app.close();
    }
  });
});
