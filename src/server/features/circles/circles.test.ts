import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careCircles, circleMembers } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { circleBody, createCircle, join, request } from './testing';

describe.each(DB_KINDS)('care circles on %s', (kind) => {
  const t = useTestApp(kind);
  const family = () => signedIn(t.db, { userType: 'family', firstName: 'Andrea', lastName: 'Brown' });

  it('creates a circle: the creator holds coordinator and payer provisionally; recipient stored as given', async () => {
    const me = await family();
    const res = await request(t.app, 'POST', '/api/circles', me, circleBody({ approvalRequired: true }));
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: 'Mummy in Mandeville',
      approvalRequired: true,
      myRoles: ['coordinator', 'payer'],
      recipient: {
        firstName: 'Hyacinth',
        lastName: 'Brown',
        parish: 'Manchester',
        town: 'Mandeville',
        emergencyContact: { name: 'Marcia Brown', phone: '+18765550199' },
      },
      members: [
        {
          userId: me.user.id,
          firstName: 'Andrea',
          lastInitial: 'B.',
          roles: ['coordinator', 'payer'],
          provisionalRoles: ['coordinator', 'payer'],
          monthlyCapJmd: null,
        },
      ],
    });
    const [row] = await t.db.select().from(careCircles).where(eq(careCircles.id, c.id));
    expect(row.createdBy).toBe(me.user.id);
    // The list and the page show it to its member.
    const list = await request(t.app, 'GET', '/api/circles', me);
    expect(list.json().circles).toEqual([
      {
        id: c.id,
        name: 'Mummy in Mandeville',
        recipientFirstName: 'Hyacinth',
        recipientParish: 'Manchester',
        recipientTown: 'Mandeville',
        myRoles: ['coordinator', 'payer'],
      },
    ]);
    expect((await request(t.app, 'GET', `/api/circles/${c.id}`, me)).json()).toEqual(c);
  });

  it('takes only the required recipient fields, a parish in any case, and blanks as nothing', async () => {
    const me = await family();
    const res = await request(t.app, 'POST', '/api/circles', me, {
      name: '  Grandpa  ',
      recipient: { firstName: 'Lloyd', parish: 'st. ann', town: 'Ocho Rios', address: '  ', notes: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Grandpa',
      approvalRequired: false,
      recipient: { lastName: null, parish: 'St. Ann', address: null, notes: null, emergencyContact: null },
    });
  });

  it('shows caps to payers and coordinators, never to viewers', async () => {
    const me = await family();
    const c = await createCircle(t.app, me);
    const payer = await join(t.app, t.db, c.id, me, 'payer');
    const viewer = await join(t.app, t.db, c.id, me, 'viewer');
    const set = await request(t.app, 'PATCH', `/api/circles/${c.id}/members/${payer.user.id}`, payer, {
      monthlyCapJmd: 40000,
    });
    expect(set.statusCode).toBe(200);
    const capOf = (view: { members: { userId: number; monthlyCapJmd: number | null }[] }) =>
      view.members.find((m) => m.userId === payer.user.id)?.monthlyCapJmd;
    expect(capOf((await request(t.app, 'GET', `/api/circles/${c.id}`, me)).json())).toBe(40000);
    expect(capOf((await request(t.app, 'GET', `/api/circles/${c.id}`, payer)).json())).toBe(40000);
    const seen = (await request(t.app, 'GET', `/api/circles/${c.id}`, viewer)).json();
    expect(capOf(seen)).toBeNull();
    expect(seen.myRoles).toEqual([]);
  });

  it('refuses hostile input with a 400, never a 500', async () => {
    const me = await family();
    const base = circleBody();
    const huge = 'x'.repeat(200_000);
    const bodies: unknown[] = [
      { ...base, name: huge },
      { ...base, name: '' },
      { ...base, name: 42 },
      { ...base, name: ['a'] },
      { ...base, recipient: { ...base.recipient, parish: 'Atlantis' } },
      { ...base, recipient: { ...base.recipient, parish: huge } },
      { ...base, recipient: { ...base.recipient, firstName: '   ' } },
      { ...base, recipient: { ...base.recipient, notes: huge } },
      { ...base, recipient: { ...base.recipient, emergencyContact: { name: 'M', phone: 'call me' } } },
      { ...base, recipient: { ...base.recipient, emergencyContact: { name: 'M' } } },
      { ...base, recipient: 'Mummy' },
      { ...base, recipient: null },
      { ...base, approvalRequired: 'yes' },
      { name: 'x' },
      [],
      null,
      42,
    ];
    for (const body of bodies) {
      const res = await request(t.app, 'POST', '/api/circles', me, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    const c = await createCircle(t.app, me);
    const invites: unknown[] = [
      { email: 'not-an-email', role: 'viewer' },
      { email: `${huge}@example.test`, role: 'viewer' },
      { email: 'a@example.test', role: 'owner' },
      { email: 'a@example.test', role: 'payer', monthlyCapJmd: -1 },
      { email: 'a@example.test', role: 'payer', monthlyCapJmd: 1.5 },
      { email: 'a@example.test', role: 'payer', monthlyCapJmd: '5000' },
      { email: 'a@example.test', role: 'payer', monthlyCapJmd: 1e12 },
      { email: 'a@example.test', role: 'viewer', monthlyCapJmd: 5000 },
      { email: ['a@example.test'], role: 'viewer' },
    ];
    for (const body of invites) {
      const res = await request(t.app, 'POST', `/api/circles/${c.id}/invitations`, me, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    const patches: unknown[] = [
      {},
      { roles: ['owner'] },
      { roles: 'coordinator' },
      { roles: ['payer', 'payer'] },
      { monthlyCapJmd: -5 },
      { monthlyCapJmd: 'lots' },
    ];
    for (const body of patches) {
      const res = await request(t.app, 'PATCH', `/api/circles/${c.id}/members/${me.user.id}`, me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Bad ids and tokens in the path.
    for (const url of [
      '/api/circles/abc',
      '/api/circles/0',
      '/api/circles/-1',
      '/api/circles/99999999999',
      '/api/circles/1.5',
      '/api/invitations/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      '/api/invitations/short',
    ]) {
      const res = await request(t.app, 'GET', url, me);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await request(t.app, 'GET', '/api/circles/2147483647', me)).statusCode).toBe(404);
    const members = await t.db.select().from(circleMembers).where(eq(circleMembers.userId, me.user.id));
    expect(members).toHaveLength(1);
  });

  it("answers a stranger 404 before reading what they sent: a bad body tells them nothing of a circle's existence", async () => {
    const owner = await family();
    const circle = await createCircle(t.app, owner);
    const stranger = await family();
    for (const [method, url, body] of [
      ['POST', `/api/circles/${circle.id}/invitations`, { email: 'not an e-mail', role: 'king' }],
      ['PATCH', `/api/circles/${circle.id}/members/${owner.user.id}`, { roles: 'everything' }],
      ['POST', `/api/circles/${circle.id}/invitations`, { email: 'x@example.com', role: 'viewer' }],
    ] as const) {
      const res = await request(t.app, method, url, stranger, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The same bad body from a member is a 400 (they may know the circle exists).
    const bad = await request(t.app, 'POST', `/api/circles/${circle.id}/invitations`, owner, {
      email: 'not an e-mail',
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('rate-limits circle creation per account', async () => {
    const me = await family();
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await request(t.app, 'POST', '/api/circles', me, circleBody({ name: `Circle ${i}` })))
        .statusCode;
    }
    expect(last).toBe(429);
    // Another family is not affected.
    expect((await request(t.app, 'POST', '/api/circles', await family(), circleBody())).statusCode).toBe(201);
  });
});
