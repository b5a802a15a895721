import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, type Person, request } from '../circles/testing';
import { postSeries, seriesAction, seriesBody } from './testing';

type Status = { status: string };

/**
 * Who may do what with a booking series (issue 19, ADR 0027): the family, a stranger, another caregiver,
 * a care circle's coordinator, payer and viewer, an admin, a visitor — and each route refuses someone.
 */
describe.each(DB_KINDS)('booking series access on %s', (kind) => {
  const t = useTestApp(kind);
  let family: Person;
  let stranger: Person;
  let admin: Person;
  let coordinator: Person;
  let payer: Person;
  let viewer: Person;
  let cg: Awaited<ReturnType<typeof signedInCaregiver>>;
  let otherCg: Awaited<ReturnType<typeof signedInCaregiver>>;
  let circleId: number;

  beforeAll(async () => {
    family = await signedIn(t.db, { userType: 'family' });
    stranger = await signedIn(t.db, { userType: 'family' });
    admin = await signedIn(t.db, { userType: 'admin' });
    cg = await signedInCaregiver(t.db);
    otherCg = await signedInCaregiver(t.db);
    coordinator = await signedIn(t.db, { userType: 'family' });
    circleId = (await createCircle(t.app, coordinator)).id;
    payer = await join(t.app, t.db, circleId, coordinator, 'payer');
    viewer = await join(t.app, t.db, circleId, coordinator, 'viewer');
  });

  it('each route refuses whoever should be refused, and lets its party through', async () => {
    const body = seriesBody(cg.caregiver.id);
    // Create: families only (a visitor 401; a caregiver, an admin 403).
    expect((await postSeries(t.app, undefined, body)).statusCode).toBe(401);
    expect((await postSeries(t.app, otherCg, body)).statusCode).toBe(403);
    expect((await postSeries(t.app, admin, body)).statusCode).toBe(403);
    expect((await postSeries(t.app, cg, body)).statusCode).toBe(403);
    const created = await postSeries(t.app, family, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;

    // Read: the family, its caregiver, an admin; a stranger, another caregiver, a circle member 404; a visitor 401.
    expect((await seriesAction(t.app, undefined, id, '')).statusCode).toBe(401);
    for (const who of [stranger, otherCg, viewer, coordinator]) {
      expect((await seriesAction(t.app, who, id, '')).statusCode).toBe(404);
    }
    for (const who of [family, cg, admin])
      expect((await seriesAction(t.app, who, id, '')).statusCode).toBe(200);

    // Cancel the rest: the family side only (a caregiver or admin 403 by role, a stranger 404).
    for (const [who, code] of [
      [undefined, 401],
      [cg, 403],
      [admin, 403],
      [stranger, 404],
    ] as const) {
      expect((await seriesAction(t.app, who, id, 'cancel-rest')).statusCode).toBe(code);
    }

    // Accept and decline: its caregiver only (a family or admin 403 by role, another caregiver 404).
    for (const action of ['accept', 'decline'] as const) {
      for (const [who, code] of [
        [undefined, 401],
        [family, 403],
        [admin, 403],
        [otherCg, 404],
      ] as const) {
        expect((await seriesAction(t.app, who, id, action)).statusCode).toBe(code);
      }
    }
    // Nothing moved while they were refused.
    const still = (await seriesAction(t.app, family, id, '')).json();
    expect(still.status).toBe('requested');
    expect(still.bookings.every((b: Status) => b.status === 'pending')).toBe(true);
    expect((await seriesAction(t.app, cg, id, 'accept')).statusCode).toBe(200);
    expect((await seriesAction(t.app, family, id, 'cancel-rest')).statusCode).toBe(200);
  });

  it('a care circle: coordinators book and cancel the rest; every member reads; viewer and payer cannot book or cancel', async () => {
    const body = { ...seriesBody(cg.caregiver.id, { startDate: seriesBody(0).startDate }), circleId };
    expect((await postSeries(t.app, stranger, body)).statusCode).toBe(404);
    expect((await postSeries(t.app, viewer, body)).statusCode).toBe(403);
    expect((await postSeries(t.app, payer, body)).statusCode).toBe(403);
    const created = await postSeries(t.app, coordinator, { ...body, startTime: '14:00', hours: 2 });
    expect(created.statusCode).toBe(201);
    const s = created.json();
    expect(s.circleId).toBe(circleId);
    expect(s.bookings[0]).toMatchObject({ status: 'pending', circle: { id: circleId, canCancel: true } });

    // Every member reads it; the viewer sees no payment and may not cancel.
    const seenByViewer = await seriesAction(t.app, viewer, s.id, '');
    expect(seenByViewer.statusCode).toBe(200);
    expect(seenByViewer.json().bookings[0].circle).toMatchObject({ canCancel: false, canPay: false });
    expect((await seriesAction(t.app, payer, s.id, '')).statusCode).toBe(200);
    // The caregiver sees who the care is for, never the circle's name.
    const seenByCaregiver = (await seriesAction(t.app, cg, s.id, '')).json();
    expect(seenByCaregiver.bookings[0].circle).toMatchObject({ name: null, recipient: { address: null } });
    expect(JSON.stringify(seenByCaregiver)).not.toContain('Mummy in Mandeville');

    expect((await seriesAction(t.app, viewer, s.id, 'cancel-rest')).statusCode).toBe(403);
    expect((await seriesAction(t.app, payer, s.id, 'cancel-rest')).statusCode).toBe(403);
    expect((await seriesAction(t.app, stranger, s.id, 'cancel-rest')).statusCode).toBe(404);
    const cancelled = await seriesAction(t.app, coordinator, s.id, 'cancel-rest');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().bookings.every((b: Status) => b.status === 'cancelled')).toBe(true);
  });

  it('a circle that asks for approval: the visits wait for a payer and the caregiver sees nothing until then', async () => {
    const strict = (await createCircle(t.app, coordinator, { approvalRequired: true })).id;
    const inv = await request(t.app, 'POST', `/api/circles/${strict}/invitations`, coordinator, {
      email: payer.user.email,
      role: 'payer',
    });
    const token = new URL(inv.json().inviteUrl).pathname.split('/').pop();
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, payer)).statusCode).toBe(200);
    const created = await postSeries(t.app, coordinator, {
      ...seriesBody(cg.caregiver.id, { weekdays: [6], visits: 3, startTime: '10:00', hours: 2 }),
      circleId: strict,
    });
    expect(created.statusCode).toBe(201);
    const s = created.json();
    expect(s.bookings.map((b: Status) => b.status)).toEqual(Array(3).fill('awaiting_approval'));
    // Not yet the caregiver's: 404 to read, accept or decline.
    for (const action of ['', 'accept', 'decline'] as const) {
      expect((await seriesAction(t.app, cg, s.id, action)).statusCode).toBe(404);
    }
    // A payer approves one visit (the single-booking route): the series reached the caregiver, who may read
    // it (one visit) but not answer it while the other two wait.
    const first = s.bookings[0].id;
    expect((await request(t.app, 'POST', `/api/bookings/${first}/approve`, payer)).statusCode).toBe(200);
    const seen = await seriesAction(t.app, cg, s.id, '');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().bookings.map((b: { id: number }) => b.id)).toEqual([first]);
    const early = await seriesAction(t.app, cg, s.id, 'accept');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('BOOKING_INVALID_TRANSITION');
    for (const b of s.bookings.slice(1)) {
      expect((await request(t.app, 'POST', `/api/bookings/${b.id}/approve`, payer)).statusCode).toBe(200);
    }
    const accepted = await seriesAction(t.app, cg, s.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().bookings.map((b: Status) => b.status)).toEqual(Array(3).fill('confirmed'));
  });
});
