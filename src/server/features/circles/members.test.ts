import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careCircles, circleInvitations, circleMembers } from '../../db/schema';
import { DEFAULT_PASSWORD } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody } from '../bookings/testing';
import { sandboxToken } from '../payments/testing';
import { createCircle, join, request } from './testing';

type View = { members: { userId: number; roles: string[]; monthlyCapJmd: number | null }[] };
const rolesOf = (view: View, userId: number) => view.members.find((m) => m.userId === userId)?.roles;

describe.each(DB_KINDS)('circle members on %s', (kind) => {
  const t = useTestApp(kind);
  const family = () => signedIn(t.db, { userType: 'family' });
  const patch = (who: Awaited<ReturnType<typeof family>>, circleId: number, userId: number, body: object) =>
    request(t.app, 'PATCH', `/api/circles/${circleId}/members/${userId}`, who, body);

  it('keeps at least one coordinator and one payer: role changes, removal and leaving answer 409', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    for (const body of [{ roles: ['payer'] }, { roles: ['coordinator'] }, { roles: [] }]) {
      const res = await patch(owner, c.id, owner.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
        message: 'A circle must keep at least one coordinator and one payer.',
      });
    }
    const leave = await request(t.app, 'DELETE', `/api/circles/${c.id}/members/${owner.user.id}`, owner);
    expect(leave.statusCode).toBe(409);
    // Nothing changed by the refused requests.
    const [m] = await t.db.select().from(circleMembers).where(eq(circleMembers.circleId, c.id));
    expect(m.roles).toEqual(['coordinator', 'payer']);
    // With a payer aboard, the owner may drop the payer role, but the new payer cannot then leave.
    const payer = await join(t.app, t.db, c.id, owner, 'payer');
    const view = (await patch(payer, c.id, payer.user.id, { monthlyCapJmd: 25000 })).json();
    expect(rolesOf(view, owner.user.id)).toEqual(['coordinator']);
    expect(view.members.find((x: { userId: number }) => x.userId === payer.user.id).monthlyCapJmd).toBe(
      25000,
    );
    const gone = await request(t.app, 'DELETE', `/api/circles/${c.id}/members/${payer.user.id}`, payer);
    expect(gone.statusCode).toBe(409);
    const removed = await request(t.app, 'DELETE', `/api/circles/${c.id}/members/${payer.user.id}`, owner);
    expect(removed.statusCode).toBe(409);
    // Dropping payer clears the cap; a cap without the payer role is a 400. Only a payer gives payer back.
    expect((await patch(payer, c.id, owner.user.id, { roles: ['coordinator', 'payer'] })).statusCode).toBe(
      200,
    );
    const demoted = (await patch(owner, c.id, payer.user.id, { roles: [] })).json();
    expect(demoted.members.find((x: { userId: number }) => x.userId === payer.user.id)).toMatchObject({
      roles: [],
      monthlyCapJmd: null,
    });
    expect((await patch(owner, c.id, payer.user.id, { monthlyCapJmd: 100 })).statusCode).toBe(400);
    expect((await patch(owner, c.id, 2_147_483_000, { roles: [] })).statusCode).toBe(404);
    // Now a viewer, the former payer may leave.
    expect(
      (await request(t.app, 'DELETE', `/api/circles/${c.id}/members/${payer.user.id}`, payer)).statusCode,
    ).toBe(204);
    expect((await request(t.app, 'GET', `/api/circles/${c.id}`, payer)).statusCode).toBe(404);
  });

  it('two coordinators demoting each other, or themselves, at once cannot leave the circle without one', async () => {
    // Each request locks the circle row, then asks the policy and checks the invariant: the second to run sees
    // the first's change. Mutual demotion: the second is no longer a coordinator (403). Both stepping down:
    // the second would leave none (409). Without the lock both would pass and the circle would have none.
    for (const mode of ['each other', 'themselves', 'each other', 'themselves', 'each other'] as const) {
      const owner = await family();
      const c = await createCircle(t.app, owner);
      const other = await join(t.app, t.db, c.id, owner, 'coordinator');
      // The owner's coordinator role passed to the other; give it back so both are coordinators.
      expect((await patch(other, c.id, owner.user.id, { roles: ['coordinator', 'payer'] })).statusCode).toBe(
        200,
      );
      const [a, b] = await Promise.all([
        patch(owner, c.id, mode === 'each other' ? other.user.id : owner.user.id, {
          roles: mode === 'each other' ? [] : ['payer'],
        }),
        patch(other, c.id, mode === 'each other' ? owner.user.id : other.user.id, {
          roles: mode === 'each other' ? ['payer'] : [],
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), mode).toEqual([200, mode === 'each other' ? 403 : 409]);
      const rows = await t.db.select().from(circleMembers).where(eq(circleMembers.circleId, c.id));
      expect(rows.filter((r) => r.roles.includes('coordinator'))).toHaveLength(1);
    }
  });

  it('exports circles and invitations (no token hashes); deletion keeps the circle for the others', async () => {
    const owner = await family();
    const c = await createCircle(t.app, owner);
    const payer = await join(t.app, t.db, c.id, owner, 'payer');
    await request(t.app, 'POST', `/api/circles/${c.id}/invitations`, owner, {
      email: 'aunt@example.test',
      role: 'viewer',
    });
    const exported = await request(t.app, 'GET', '/api/me/export', owner);
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body);
    expect(data.careCircles.circles).toEqual([
      expect.objectContaining({ id: c.id, myRoles: ['coordinator'], createdByMe: true }),
    ]);
    expect(
      data.careCircles.invitations.map((i: { email: string; direction: string }) => [i.email, i.direction]),
    ).toEqual([
      [payer.user.email, 'sent'],
      ['aunt@example.test', 'sent'],
    ]);
    const [inv] = await t.db.select().from(circleInvitations).where(eq(circleInvitations.circleId, c.id));
    expect(exported.body).not.toContain(inv.tokenHash);
    expect(exported.body).not.toContain('tokenHash');
    const theirs = JSON.parse((await request(t.app, 'GET', '/api/me/export', payer)).body).careCircles;
    expect(theirs.invitations).toEqual([expect.objectContaining({ direction: 'received', role: 'payer' })]);

    // The owner is the only coordinator: deleting the account is refused, and nothing changes.
    const refused = await request(t.app, 'DELETE', '/api/me', owner, { password: DEFAULT_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CIRCLE_NEEDS_COORDINATOR_AND_PAYER',
      message: expect.stringContaining('Mummy in Mandeville'),
    });
    expect((await request(t.app, 'GET', `/api/circles/${c.id}`, owner)).statusCode).toBe(200);
    // Once the payer is also a coordinator, the owner may go: the circle stays, with the payer.
    expect((await patch(owner, c.id, payer.user.id, { roles: ['coordinator', 'payer'] })).statusCode).toBe(
      200,
    );
    const deleted = await request(t.app, 'DELETE', '/api/me', owner, { password: DEFAULT_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const view = (await request(t.app, 'GET', `/api/circles/${c.id}`, payer)).json();
    expect(view.members.map((m: { userId: number }) => m.userId)).toEqual([payer.user.id]);
    const open = (await request(t.app, 'GET', `/api/circles/${c.id}/invitations`, payer)).json();
    expect(open.invitations).toEqual([]);
    const [circle] = await t.db.select().from(careCircles).where(eq(careCircles.id, c.id));
    expect(circle.name).toBe('Mummy in Mandeville');
  });

  it('deleting the account of a circle’s only member deletes that circle', async () => {
    const alone = await family();
    const c = await createCircle(t.app, alone);
    expect(
      (await request(t.app, 'DELETE', '/api/me', alone, { password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(careCircles).where(eq(careCircles.id, c.id))).toEqual([]);
  });

  it('the only member with an unpaid circle booking cannot delete their account; once it is paid, the circle and its booking stay', async () => {
    const alone = await family();
    const c = await createCircle(t.app, alone);
    const cg = await signedInCaregiver(t.db);
    const booked = await request(t.app, 'POST', '/api/bookings', alone, {
      ...panelBody(cg.caregiver.id, daysAhead(6), '9:00 AM', 2),
      circleId: c.id,
    });
    expect(booked.statusCode).toBe(201);
    const refused = await request(t.app, 'DELETE', '/api/me', alone, { password: DEFAULT_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CIRCLE_UNPAID_BOOKINGS');

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...alone.headers, 'idempotency-key': 'circle-alone' },
      payload: { bookingId: booked.json().id, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await request(t.app, 'DELETE', '/api/me', alone, { password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(200);
    const [circle] = await t.db.select().from(careCircles).where(eq(careCircles.id, c.id));
    expect(circle?.name).toBe('Mummy in Mandeville');
    expect(await t.db.select().from(circleMembers).where(eq(circleMembers.circleId, c.id))).toEqual([]);
  });
});
