import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { careRequests, deliveries, meetings, notifications, userBlocks, userReports } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { createCircle, join } from '../circles/testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Meetings before booking (issue 33, ADR 0047): every endpoint, with the people it refuses. */
describe.each(DB_KINDS)('meetings on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  /** An instant `hours` from the app's clock, on a whole minute. */
  const ahead = (hours: number) => new Date(Math.floor((clock.getTime() + hours * HOUR) / 60_000) * 60_000);
  const iso = (d: Date) => d.toISOString();

  type Who = { headers: Record<string, string> } | null;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.injectAs(who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function people() {
    const family = await t.signedIn({ userType: 'family', firstName: 'Paula', lastName: 'Brown' });
    const carer = await t.signedInCaregiver({ user: { firstName: 'Marcia', lastName: 'Campbell' } });
    return { family, carer };
  }

  async function asked(overrides: Record<string, unknown> = {}) {
    const p = await people();
    const given = overrides.proposedTimes as string[] | undefined;
    const times = given ? given.map((t) => new Date(t)) : [ahead(24), ahead(48), ahead(72)];
    const res = await call(p.family, 'POST', '/api/meetings', {
      caregiverId: p.carer.caregiver.id,
      mode: 'video',
      minutes: 30,
      proposedTimes: times.map(iso),
      note: 'Would love to meet before booking.',
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...p, times, id: res.json().id as number };
  }

  const mine = async (who: Who) => (await call(who, 'GET', '/api/meetings')).json();

  it('a family asks: 201 requested; the caregiver is told in-app and through the outbox', async () => {
    const { family, carer, id } = await asked();
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, carer.user.id));
    expect(notice).toMatchObject({ kind: 'meeting.requested', link: '/meetings' });
    expect(notice.title).toBe('Paula B. asks to meet you');
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.userId, carer.user.id));
    expect(rows.some((r) => r.kind === 'meeting.requested' && r.channel === 'email')).toBe(true);
    const [fam] = await mine(family);
    expect(fam).toMatchObject({
      id,
      status: 'requested',
      turn: 'caregiver',
      side: 'family',
      other: { name: 'Marcia C.' },
      videoUrl: null,
      can: { accept: false, propose: false, decline: false, cancel: true, outcome: false },
    });
    expect(fam.proposedTimes).toHaveLength(3);
    const [cg] = await mine(carer);
    expect(cg).toMatchObject({
      id,
      side: 'caregiver',
      other: { name: 'Paula B.' },
      can: { accept: true, propose: true, decline: true, cancel: true },
    });
  });

  it('refuses visitors (401), caregivers and admins (403), and bad input (400) when asking', async () => {
    const { family, carer } = await people();
    const admin = await t.signedIn({ userType: 'admin' });
    const body = {
      caregiverId: carer.caregiver.id,
      mode: 'phone',
      minutes: 15,
      proposedTimes: [iso(ahead(5))],
    };
    expect((await call(null, 'POST', '/api/meetings', body)).statusCode).toBe(401);
    expect((await call(carer, 'POST', '/api/meetings', body)).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/api/meetings', body)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/meetings')).statusCode).toBe(401);
    const bad = async (patch: Record<string, unknown>) =>
      (await call(family, 'POST', '/api/meetings', { ...body, ...patch })).statusCode;
    expect(await bad({ minutes: 20 })).toBe(400);
    expect(await bad({ mode: 'zoom' })).toBe(400);
    expect(await bad({ mode: 'in_person' })).toBe(400); // the place is required in person
    expect(await bad({ place: 'public' })).toBe(400); // …and only in person
    expect(await bad({ proposedTimes: [] })).toBe(400);
    expect(await bad({ proposedTimes: [1, 2, 3, 4].map((h) => iso(ahead(h * 24))) })).toBe(400);
    expect(await bad({ proposedTimes: [iso(ahead(5)), iso(ahead(5))] })).toBe(400); // not distinct
    expect(await bad({ proposedTimes: [iso(ahead(1))] })).toBe(400); // less than 2 h ahead
    expect(await bad({ proposedTimes: [iso(ahead(-3))] })).toBe(400); // past
    expect(await bad({ proposedTimes: [iso(ahead(61 * 24))] })).toBe(400); // beyond 60 days
    expect(await bad({ proposedTimes: ['tomorrow'] })).toBe(400);
    expect(await bad({ note: 'x'.repeat(501) })).toBe(400);
    expect(await bad({ caregiverId: 'abc' })).toBe(400);
    expect(await bad({ caregiverId: 999999 })).toBe(404);
    expect(await bad({ careRequestId: 999999 })).toBe(404);
    expect(await bad({ mode: 'in_person', place: 'family_home' })).toBe(201);
  });

  it('refuses a blocked pair either way (403 USER_BLOCKED)', async () => {
    const { family, carer } = await people();
    const body = {
      caregiverId: carer.caregiver.id,
      mode: 'phone',
      minutes: 15,
      proposedTimes: [iso(ahead(5))],
    };
    await t.db.insert(userBlocks).values({ blockerId: carer.user.id, blockedId: family.user.id });
    const byCaregiver = await call(family, 'POST', '/api/meetings', body);
    expect(byCaregiver.statusCode).toBe(403);
    expect(byCaregiver.json().code).toBe('USER_BLOCKED');
    await t.db.delete(userBlocks).where(eq(userBlocks.blockerId, carer.user.id));
    await t.db.insert(userBlocks).values({ blockerId: family.user.id, blockedId: carer.user.id });
    expect((await call(family, 'POST', '/api/meetings', body)).json().code).toBe('USER_BLOCKED');
  });

  it('the caregiver accepts one proposed time: confirmed, with a private Jitsi room for the two parties only', async () => {
    const { family, carer, times, id } = await asked();
    const otherFamily = await t.signedIn({ userType: 'family' });
    const otherCarer = await t.signedInCaregiver();
    // Wrong people: 404 (not theirs); the family cannot accept its own request (not its turn: 409).
    expect(
      (await call(otherFamily, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
    ).toBe(404);
    expect(
      (await call(otherCarer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
    ).toBe(404);
    expect((await call(null, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode).toBe(
      401,
    );
    expect((await call(otherFamily, 'GET', `/api/meetings/${id}`)).statusCode).toBe(404);
    expect(
      (await call(family, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
    ).toBe(409);
    // A time that was not proposed: 400.
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(ahead(30)) })).statusCode,
    ).toBe(400);
    const res = await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[1]) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('confirmed');
    expect(body.time).toBe(iso(times[1]));
    expect(body.videoUrl).toMatch(/^https:\/\/meet\.jit\.si\/YaadCare-[0-9a-f]{32}$/);
    const [fam] = await mine(family);
    expect(fam).toMatchObject({
      status: 'confirmed',
      videoUrl: body.videoUrl,
      startsAt: iso(times[1]),
      turn: null,
    });
    expect((await mine(carer))[0].videoUrl).toBe(body.videoUrl);
    expect(await mine(otherFamily)).toEqual([]);
    expect(await mine(otherCarer)).toEqual([]);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'meeting.confirmed')));
    expect(notice.body).toContain(body.videoUrl);
    // Settled: nobody accepts again.
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
    ).toBe(409);
  });

  it('rooms are unique per meeting; a phone meeting has none', async () => {
    const a = await asked();
    const b = await asked();
    const c = await asked({ mode: 'phone' });
    const url = async (m: typeof a, i: number) =>
      (await call(m.carer, 'POST', `/api/meetings/${m.id}/accept`, { time: iso(m.times[i]) })).json()
        .videoUrl;
    const [ua, ub, uc] = [await url(a, 0), await url(b, 0), await url(c, 0)];
    expect(ua).not.toBe(ub);
    expect(uc).toBeUndefined();
    expect((await mine(c.family))[0].videoUrl).toBeNull();
  });

  it('a confirmed time may not overlap the caregiver’s own confirmed meetings (409)', async () => {
    const first = await asked({ mode: 'phone' });
    const family2 = await t.signedIn({ userType: 'family' });
    const start = first.times[0];
    const second = await call(family2, 'POST', '/api/meetings', {
      caregiverId: first.carer.caregiver.id,
      mode: 'phone',
      minutes: 30,
      proposedTimes: [
        iso(new Date(start.getTime() + 15 * 60_000)),
        iso(new Date(start.getTime() + 30 * 60_000)),
      ],
    });
    expect(second.statusCode).toBe(201);
    const id2 = second.json().id;
    expect(
      (await call(first.carer, 'POST', `/api/meetings/${first.id}/accept`, { time: iso(start) })).statusCode,
    ).toBe(200);
    const clash = await call(first.carer, 'POST', `/api/meetings/${id2}/accept`, {
      time: iso(new Date(start.getTime() + 15 * 60_000)),
    });
    expect(clash.statusCode).toBe(409);
    // Back to back is fine.
    expect(
      (
        await call(first.carer, 'POST', `/api/meetings/${id2}/accept`, {
          time: iso(new Date(start.getTime() + 30 * 60_000)),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('turns: the caregiver proposes other times, the family accepts one; wrong turns are refused', async () => {
    const { family, carer, id } = await asked();
    const counter = [ahead(30), ahead(54)];
    // The family cannot propose while it waits for the caregiver.
    expect(
      (await call(family, 'POST', `/api/meetings/${id}/propose`, { proposedTimes: [iso(ahead(10))] }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/propose`, { proposedTimes: [iso(ahead(1))] }))
        .statusCode,
    ).toBe(400);
    const res = await call(carer, 'POST', `/api/meetings/${id}/propose`, { proposedTimes: counter.map(iso) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: 'proposed' });
    const [fam] = await mine(family);
    expect(fam).toMatchObject({ status: 'proposed', turn: 'family', can: { accept: true, propose: true } });
    expect(fam.proposedTimes).toEqual(counter.map(iso));
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'meeting.proposed')));
    expect(notice.title).toBe('Marcia C. proposed other meeting times');
    // Now the caregiver waits: their accept, propose and decline are refused.
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(counter[0]) })).statusCode,
    ).toBe(409);
    expect((await call(carer, 'POST', `/api/meetings/${id}/decline`, {})).statusCode).toBe(409);
    // The family counters once more, and the turn flips back.
    const again = await call(family, 'POST', `/api/meetings/${id}/propose`, {
      proposedTimes: [iso(ahead(80))],
    });
    expect(again.json().status).toBe('requested');
    const back = await call(carer, 'POST', `/api/meetings/${id}/propose`, {
      proposedTimes: counter.map(iso),
    });
    expect(back.json().status).toBe('proposed');
    // The old times are off the table.
    expect(
      (await call(family, 'POST', `/api/meetings/${id}/accept`, { time: iso(ahead(80)) })).statusCode,
    ).toBe(400);
    const ok = await call(family, 'POST', `/api/meetings/${id}/accept`, { time: iso(counter[1]) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().time).toBe(iso(counter[1]));
    const [cn] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, carer.user.id), eq(notifications.kind, 'meeting.confirmed')));
    expect(cn.title).toBe('Meeting confirmed with Paula B.');
  });

  it('a time that has passed by the time of the answer is refused (400)', async () => {
    const { carer, times, id } = await asked({ proposedTimes: [iso(ahead(3)), iso(ahead(50))] });
    clock = new Date(clock.getTime() + 4 * HOUR);
    try {
      expect(
        (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
      ).toBe(400);
      expect(
        (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[1]) })).statusCode,
      ).toBe(200);
    } finally {
      clock = new Date(clock.getTime() - 4 * HOUR);
    }
  });

  it('decline: only whoever’s turn it is, with a reason the family reads', async () => {
    const { family, carer, id } = await asked();
    const otherCarer = await t.signedInCaregiver();
    expect((await call(family, 'POST', `/api/meetings/${id}/decline`, {})).statusCode).toBe(409);
    expect((await call(otherCarer, 'POST', `/api/meetings/${id}/decline`, {})).statusCode).toBe(404);
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/decline`, { reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
    const res = await call(carer, 'POST', `/api/meetings/${id}/decline`, {
      reason: 'Fully booked this month',
    });
    expect(res.json()).toEqual({ id, status: 'declined' });
    const [fam] = await mine(family);
    expect(fam).toMatchObject({ status: 'declined', declineReason: 'Fully booked this month', turn: null });
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'meeting.declined')));
    expect(n.body).toContain('Fully booked this month');
    expect((await call(family, 'POST', `/api/meetings/${id}/cancel`)).statusCode).toBe(409);
  });

  it('cancel: either party before the start, never after; the other is told', async () => {
    const a = await asked();
    expect((await call(a.family, 'POST', `/api/meetings/${a.id}/cancel`)).json().status).toBe('cancelled');
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.carer.user.id), eq(notifications.kind, 'meeting.cancelled')));
    expect(n.title).toBe('Paula B. cancelled the meeting');

    const b = await asked({ proposedTimes: [iso(ahead(3))] });
    const stranger = await t.signedIn({ userType: 'family' });
    expect((await call(stranger, 'POST', `/api/meetings/${b.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await call(b.carer, 'POST', `/api/meetings/${b.id}/accept`, { time: iso(b.times[0]) })).statusCode,
    ).toBe(200);
    clock = new Date(clock.getTime() + 3 * HOUR + 60_000);
    try {
      expect((await call(b.carer, 'POST', `/api/meetings/${b.id}/cancel`)).statusCode).toBe(409);
    } finally {
      clock = new Date(clock.getTime() - 3 * HOUR - 60_000);
    }
    const c = await asked();
    expect(
      (await call(c.carer, 'POST', `/api/meetings/${c.id}/accept`, { time: iso(c.times[0]) })).statusCode,
    ).toBe(200);
    expect((await call(c.carer, 'POST', `/api/meetings/${c.id}/cancel`)).json().status).toBe('cancelled');
  });

  it('outcome: the family’s only, after the meeting; not_a_fit never reaches the caregiver', async () => {
    const { family, carer, times, id } = await asked({ proposedTimes: [iso(ahead(3))] });
    expect(
      (await call(carer, 'POST', `/api/meetings/${id}/accept`, { time: iso(times[0]) })).statusCode,
    ).toBe(200);
    expect(
      (await call(family, 'POST', `/api/meetings/${id}/outcome`, { outcome: 'not_a_fit' })).statusCode,
    ).toBe(409);
    clock = new Date(clock.getTime() + 4 * HOUR);
    try {
      const stranger = await t.signedIn({ userType: 'family' });
      expect(
        (await call(stranger, 'POST', `/api/meetings/${id}/outcome`, { outcome: 'book' })).statusCode,
      ).toBe(404);
      expect((await call(carer, 'POST', `/api/meetings/${id}/outcome`, { outcome: 'book' })).statusCode).toBe(
        403,
      );
      expect((await call(family, 'POST', `/api/meetings/${id}/outcome`, { outcome: 'meh' })).statusCode).toBe(
        400,
      );
      const res = await call(family, 'POST', `/api/meetings/${id}/outcome`, { outcome: 'not_a_fit' });
      expect(res.json()).toEqual({ id, status: 'completed' });
      expect((await mine(family))[0]).toMatchObject({
        status: 'completed',
        outcome: 'not_a_fit',
        videoUrl: null,
      });
      const cg = (await mine(carer))[0];
      expect(cg.outcome).toBeNull();
      expect(JSON.stringify(cg)).not.toContain('not_a_fit');
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, carer.user.id));
      expect(told.some((n) => /fit/i.test(n.body))).toBe(false);
    } finally {
      clock = new Date(clock.getTime() - 4 * HOUR);
    }
  });

  it('a meeting request counts against the messages-a-minute limit (429)', async () => {
    const { family, carer } = await people();
    const body = {
      caregiverId: carer.caregiver.id,
      mode: 'phone',
      minutes: 15,
      proposedTimes: [iso(ahead(5))],
    };
    for (let i = 0; i < 25; i++)
      expect(
        (await call(family, 'POST', '/api/messages', { receiverId: carer.user.id, content: `hi ${i}` }))
          .statusCode,
      ).toBe(201);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(family, 'POST', '/api/meetings', body)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    // The refused request was not written.
    expect((await mine(family)).length).toBe(5);
    clock = new Date(clock.getTime() + 61_000);
    try {
      expect((await call(family, 'POST', '/api/meetings', body)).statusCode).toBe(201);
    } finally {
      clock = new Date(clock.getTime() - 61_000);
    }
  });

  it('a party reports the other with the meeting named; a stranger cannot', async () => {
    const { carer, family, id } = await asked();
    const stranger = await t.signedIn({ userType: 'family' });
    expect((await call(stranger, 'POST', `/api/meetings/${id}/report`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(carer, 'POST', `/api/meetings/${id}/report`, { reason: ' ' })).statusCode).toBe(400);
    const res = await call(carer, 'POST', `/api/meetings/${id}/report`, { reason: 'Asked for my bank PIN' });
    expect(res.statusCode, res.body).toBe(201);
    const [report] = await t.db.select().from(userReports).where(eq(userReports.id, res.json().id));
    expect(report).toMatchObject({
      reporterId: carer.user.id,
      reportedId: family.user.id,
      reason: `Meeting #${id}: Asked for my bank PIN`,
    });
  });

  it('circles: a coordinator asks for the circle; members see it, a viewer cannot act; outsiders get 404', async () => {
    const coordinator = await t.signedIn({ userType: 'family', firstName: 'Keisha' });
    const circle = await createCircle(t.app, coordinator);
    const viewer = await join(t.app, t.db, circle.id, coordinator, 'viewer');
    const payer = await join(t.app, t.db, circle.id, coordinator, 'payer');
    const outsider = await t.signedIn({ userType: 'family' });
    const carer = await t.signedInCaregiver();
    const body = {
      caregiverId: carer.caregiver.id,
      mode: 'video',
      minutes: 15,
      proposedTimes: [iso(ahead(6))],
      circleId: circle.id,
    };
    expect((await call(outsider, 'POST', '/api/meetings', body)).statusCode).toBe(404);
    expect((await call(viewer, 'POST', '/api/meetings', body)).statusCode).toBe(403);
    const res = await call(coordinator, 'POST', '/api/meetings', body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    await call(carer, 'POST', `/api/meetings/${id}/propose`, { proposedTimes: [iso(ahead(8))] });
    const [v] = await mine(viewer);
    expect(v).toMatchObject({ id, side: 'family', can: { accept: false, cancel: false } });
    expect(
      (await call(viewer, 'POST', `/api/meetings/${id}/accept`, { time: iso(ahead(8)) })).statusCode,
    ).toBe(403);
    expect(await mine(outsider)).toEqual([]);
    // A payer answers for the circle.
    const ok = await call(payer, 'POST', `/api/meetings/${id}/accept`, { time: iso(ahead(8)) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await mine(payer))[0].videoUrl).toBe(ok.json().videoUrl);
    expect((await mine(viewer))[0].videoUrl).toBeNull();
  });

  it('a care request must be the family’s own', async () => {
    const { family, carer } = await people();
    const other = await t.signedIn({ userType: 'family' });
    const [cr] = await t.db
      .insert(careRequests)
      .values({
        familyId: other.user.id,
        kind: 'child-care',
        parish: 'Kingston',
        town: 'Kingston',
        startDate: '2031-01-01',
        startTime: '09:00',
        hours: 2,
        careDays: ['wednesday'],
        description: 'Help with the twins',
        expiresAt: new Date(clock.getTime() + 14 * DAY),
      })
      .returning();
    const body = {
      caregiverId: carer.caregiver.id,
      mode: 'phone',
      minutes: 15,
      proposedTimes: [iso(ahead(6))],
      careRequestId: cr.id,
    };
    expect((await call(family, 'POST', '/api/meetings', body)).statusCode).toBe(404);
    const res = await call(other, 'POST', '/api/meetings', body);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, res.json().id));
    expect(row.careRequestId).toBe(cr.id);
    expect((await mine(other))[0].careRequestId).toBe(cr.id);
  });
});
