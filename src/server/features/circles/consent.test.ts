import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { circleMembers } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { createCircle, join, type Person, request } from './testing';

/**
 * Issue 30, finding 1 (ADR 0039): a role that spends (payer) is given only by an invitation the person
 * accepts or by an existing payer, and a cap is changed only by the payer it belongs to. Every refusal
 * leaves the members exactly as they were.
 */
describe.each(DB_KINDS)('who may give the payer role and change a cap on %s', (kind) => {
  const t = useTestApp(kind);
  const family = (firstName = 'Andre') => signedIn(t.db, { userType: 'family', firstName });
  const patch = (who: Person, circleId: number, userId: number, body: object) =>
    request(t.app, 'PATCH', `/api/circles/${circleId}/members/${userId}`, who, body);
  const membersOf = (circleId: number) =>
    t.db
      .select()
      .from(circleMembers)
      .where(eq(circleMembers.circleId, circleId))
      .orderBy(circleMembers.userId);
  const memberRow = async (circleId: number, userId: number) =>
    (
      await t.db
        .select()
        .from(circleMembers)
        .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
    )[0];

  /** A circle whose creator (Andre) is now only its coordinator: Paula accepted the payer role, cap J$10,000. */
  async function circleWithRealPayer() {
    const coordinator = await family('Andre');
    const c = await createCircle(t.app, coordinator);
    const paula = await signedIn(t.db, { userType: 'family', firstName: 'Paula' });
    const inv = await request(t.app, 'POST', `/api/circles/${c.id}/invitations`, coordinator, {
      email: paula.user.email,
      role: 'payer',
      monthlyCapJmd: 10000,
    });
    expect(inv.statusCode).toBe(201);
    const token = new URL(inv.json().inviteUrl).pathname.split('/').pop();
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, paula)).statusCode).toBe(200);
    return { c, coordinator, paula };
  }

  it('refuses the attack of issue 30: a coordinator cannot make themselves a payer, nor clear the payer’s cap', async () => {
    const { c, coordinator, paula } = await circleWithRealPayer();
    const before = await membersOf(c.id);
    expect(before.find((m) => m.userId === coordinator.user.id)?.roles).toEqual(['coordinator']);
    expect(before.find((m) => m.userId === paula.user.id)).toMatchObject({
      roles: ['payer'],
      monthlyCapJmd: 10000,
      payerConsentedAt: expect.any(Date),
    });

    const self = await patch(coordinator, c.id, coordinator.user.id, { roles: ['coordinator', 'payer'] });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: 'CIRCLE_PAYER_GRANT_FORBIDDEN',
      message: expect.stringContaining('Only a payer can make someone a payer'),
    });
    for (const cap of [null, 50000, 5000]) {
      const res = await patch(coordinator, c.id, paula.user.id, { monthlyCapJmd: cap });
      expect(res.statusCode, String(cap)).toBe(403);
      expect(res.json().code).toBe('CIRCLE_CAP_OWNER_ONLY');
    }
    // With the roles in the same body, too.
    const both = await patch(coordinator, c.id, paula.user.id, { roles: ['payer'], monthlyCapJmd: null });
    expect(both.statusCode).toBe(403);
    expect(both.json().code).toBe('CIRCLE_CAP_OWNER_ONLY');
    expect(await membersOf(c.id)).toEqual(before);
  });

  it('a coordinator who is no payer cannot give the payer role to anyone else either', async () => {
    const { c, coordinator } = await circleWithRealPayer();
    const viewer = await join(t.app, t.db, c.id, coordinator, 'viewer');
    const before = await membersOf(c.id);
    for (const roles of [['payer'], ['coordinator', 'payer']]) {
      const res = await patch(coordinator, c.id, viewer.user.id, { roles });
      expect(res.statusCode, roles.join()).toBe(403);
      expect(res.json().code).toBe('CIRCLE_PAYER_GRANT_FORBIDDEN');
    }
    expect(await membersOf(c.id)).toEqual(before);
    // Coordinator alone is still theirs to give.
    expect((await patch(coordinator, c.id, viewer.user.id, { roles: ['coordinator'] })).statusCode).toBe(200);
  });

  it('a payer may make another member a payer: no cap and no standing consent until they set their own cap', async () => {
    const { c, coordinator, paula } = await circleWithRealPayer();
    const viewer = await join(t.app, t.db, c.id, coordinator, 'viewer', { firstName: 'Quinn' });
    // Paula (a payer, no coordinator) gives payer; she cannot give it with a cap of her choosing.
    const withCap = await patch(paula, c.id, viewer.user.id, { roles: ['payer'], monthlyCapJmd: 20000 });
    expect(withCap.statusCode).toBe(403);
    expect(withCap.json().code).toBe('CIRCLE_CAP_OWNER_ONLY');
    expect((await memberRow(c.id, viewer.user.id)).roles).toEqual([]);
    const granted = await patch(paula, c.id, viewer.user.id, { roles: ['payer'] });
    expect(granted.statusCode).toBe(200);
    expect(await memberRow(c.id, viewer.user.id)).toMatchObject({
      roles: ['payer'],
      monthlyCapJmd: null,
      payerConsentedAt: null,
    });
    // Paula takes no other role decision: coordinator is the coordinators' to give.
    const coord = await patch(paula, c.id, viewer.user.id, { roles: ['payer', 'coordinator'] });
    expect(coord.statusCode).toBe(403);
    // Quinn sets her own cap: that is her act, and her standing consent from now on.
    const own = await patch(viewer, c.id, viewer.user.id, { monthlyCapJmd: 30000 });
    expect(own.statusCode).toBe(200);
    expect(await memberRow(c.id, viewer.user.id)).toMatchObject({
      monthlyCapJmd: 30000,
      payerConsentedAt: expect.any(Date),
    });
    // Nobody else changes it afterwards, a payer included; repeating her cap as it is changes nothing.
    const before = await membersOf(c.id);
    expect((await patch(paula, c.id, viewer.user.id, { monthlyCapJmd: 90000 })).statusCode).toBe(403);
    expect((await patch(coordinator, c.id, viewer.user.id, { monthlyCapJmd: 30000 })).statusCode).toBe(200);
    expect(await membersOf(c.id)).toEqual(before);
  });

  it('an invited payer accepting holds the role with the offered cap, as her own consent, and changes her cap herself', async () => {
    const { c, paula } = await circleWithRealPayer();
    const row = await memberRow(c.id, paula.user.id);
    expect(row).toMatchObject({ roles: ['payer'], monthlyCapJmd: 10000, payerConsentedAt: expect.any(Date) });
    const raised = await patch(paula, c.id, paula.user.id, { monthlyCapJmd: 40000 });
    expect(raised.statusCode).toBe(200);
    expect(
      raised.json().members.find((m: { userId: number }) => m.userId === paula.user.id).monthlyCapJmd,
    ).toBe(40000);
    expect((await patch(paula, c.id, paula.user.id, { monthlyCapJmd: null })).statusCode).toBe(200);
    expect((await memberRow(c.id, paula.user.id)).monthlyCapJmd).toBeNull();
  });

  it('taking the payer role away ends her cap and consent; given back by a payer, she starts with neither', async () => {
    const { c, coordinator, paula } = await circleWithRealPayer();
    const quinn = await join(t.app, t.db, c.id, coordinator, 'payer', { firstName: 'Quinn' });
    // A coordinator may take payer away (it only ends spending from Paula's card).
    expect((await patch(coordinator, c.id, paula.user.id, { roles: [] })).statusCode).toBe(200);
    expect(await memberRow(c.id, paula.user.id)).toMatchObject({
      roles: [],
      monthlyCapJmd: null,
      payerConsentedAt: null,
    });
    // Given back by Quinn: no cap came back, so the cap cannot be cleared this way and used as her consent.
    expect((await patch(quinn, c.id, paula.user.id, { roles: ['payer'] })).statusCode).toBe(200);
    expect(await memberRow(c.id, paula.user.id)).toMatchObject({
      roles: ['payer'],
      monthlyCapJmd: null,
      payerConsentedAt: null,
    });
  });
});
