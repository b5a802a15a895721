import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, join, type Person, request } from '../circles/testing';
import { sandboxToken } from '../payments/testing';
import { daysAhead, panelBody } from './testing';

/**
 * Booking for a care circle (issue 18, ADR 0025): a coordinator books for the recipient; a payer approves
 * when the circle asks for it or the month would pass a cap; the caregiver sees nothing before that, and
 * never who pays or with which card.
 */
describe.each(DB_KINDS)('circle bookings on %s', (kind) => {
  const t = useTestApp(kind);
  const HOUR = 3_600_000;

  let coordinator: Person;
  let payer: Person;
  let viewer: Person;
  let stranger: Person;
  let circleId: number;
  let approvalCircleId: number;

  beforeAll(async () => {
    coordinator = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    const circle = await createCircle(t.app, coordinator);
    circleId = circle.id;
    payer = await join(t.app, t.db, circleId, coordinator, 'payer', {
      firstName: 'Sandra',
      timeZone: 'America/Toronto',
    });
    viewer = await join(t.app, t.db, circleId, coordinator, 'viewer');
    // The same people in a circle that asks a payer to approve every booking.
    approvalCircleId = (await createCircle(t.app, coordinator, { approvalRequired: true })).id;
    const inv = await request(t.app, 'POST', `/api/circles/${approvalCircleId}/invitations`, coordinator, {
      email: payer.user.email,
      role: 'payer',
    });
    const token = new URL(inv.json().inviteUrl).pathname.split('/').pop();
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, payer)).statusCode).toBe(200);
    stranger = await signedIn(t.db, { userType: 'family' });
  });

  const book = (who: Person, caregiverId: number, circle: number | undefined, days = 5, time = '9:00 AM') =>
    request(t.app, 'POST', '/api/bookings', who, {
      ...panelBody(caregiverId, daysAhead(days), time, 2),
      ...(circle === undefined ? {} : { circleId: circle }),
    });
  const act = (who: { headers: Record<string, string> }, id: number, action: string) =>
    request(t.app, 'POST', `/api/bookings/${id}/${action}`, who, action === 'cancel' ? {} : undefined);
  const noticesOf = (userId: number, kind: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it('lets a coordinator book for the recipient; the caregiver sees who the care is for, not the circle or its payer', async () => {
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const res = await book(coordinator, cg.caregiver.id, circleId);
    expect(res.statusCode).toBe(201);
    const mine = res.json();
    expect(mine.status).toBe('pending');
    expect(mine.circle).toMatchObject({
      id: circleId,
      name: 'Mummy in Mandeville',
      recipient: { firstName: 'Hyacinth', address: '12 Caledonia Road' },
      approval: null,
      canCancel: true,
      canApprove: false,
    });

    const seen = await request(t.app, 'GET', `/api/bookings/${mine.id}`, cg);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().circle).toMatchObject({
      name: null,
      recipient: {
        firstName: 'Hyacinth',
        town: 'Mandeville',
        lastName: null,
        address: null,
        emergencyContact: null,
      },
      approval: null,
    });
    expect(seen.body).not.toContain('Sandra');
    expect(seen.body).not.toContain(payer.user.email);

    // The payer pays; the coordinator (not a payer) and a stranger cannot.
    const payBody = async () => ({
      bookingId: mine.id,
      method: 'card',
      paymentToken: await sandboxToken(t.app),
    });
    const pay = async (who: Person, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { ...who.headers, 'idempotency-key': key },
        payload: await payBody(),
      });
    expect((await pay(coordinator, 'k-coordinator')).statusCode).toBe(403);
    expect((await pay(stranger, 'k-stranger')).statusCode).toBe(404);
    expect((await pay(viewer, 'k-viewer')).statusCode).toBe(403);
    const before = (await request(t.app, 'GET', `/api/bookings/${mine.id}`, payer)).json();
    expect(before.circle.canPay).toBe(true);
    expect((await pay(payer, 'k-payer')).statusCode).toBe(201);
    // Paid: no more Pay for anyone.
    expect((await request(t.app, 'GET', `/api/bookings/${mine.id}`, payer)).json().circle.canPay).toBe(false);

    // Accepted: now the caregiver has the address and the emergency contact, still no card and no payer.
    expect((await act(cg, mine.id, 'accept')).statusCode).toBe(200);
    const confirmed = (await request(t.app, 'GET', `/api/bookings/${mine.id}`, cg)).json();
    expect(confirmed.circle.recipient).toMatchObject({
      lastName: 'Brown',
      address: '12 Caledonia Road',
      emergencyContact: { name: 'Marcia Brown', phone: '+18765550199' },
    });
    expect(confirmed.payment).toMatchObject({
      status: 'authorized',
      cardBrand: null,
      cardLast4: null,
      reference: null,
    });
    expect(JSON.stringify(confirmed)).not.toContain('Sandra');
    const caregiverNotices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cg.user.id));
    expect(caregiverNotices.map((n) => n.body).join(' ')).not.toMatch(/Sandra|Andre/);
    expect(caregiverNotices.map((n) => n.body).join(' ')).toContain('Hyacinth’s family');

    // Every member sees it in their bookings; the viewer without payment details.
    const forPayer = (await request(t.app, 'GET', '/api/bookings', payer)).json();
    expect(forPayer.map((b: { id: number }) => b.id)).toContain(mine.id);
    const forViewer = (await request(t.app, 'GET', `/api/bookings/${mine.id}`, viewer)).json();
    expect(forViewer.payment).toBeNull();
    expect(forViewer.circle.canPay).toBe(false);
    expect((await request(t.app, 'GET', `/api/bookings/${mine.id}`, stranger)).statusCode).toBe(404);
  });

  it('refuses booking for a circle to those the policy refuses: a stranger 404, a payer or viewer 403', async () => {
    const cg = await signedInCaregiver(t.db);
    expect((await book(stranger, cg.caregiver.id, circleId)).statusCode).toBe(404);
    expect((await book(payer, cg.caregiver.id, circleId)).statusCode).toBe(403);
    expect((await book(viewer, cg.caregiver.id, circleId)).statusCode).toBe(403);
    expect((await book(coordinator, cg.caregiver.id, 999_999)).statusCode).toBe(404);
  });

  it('keeps a booking that needs approval from the caregiver until a payer approves; only payers may', async () => {
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1200 });
    const res = await book(coordinator, cg.caregiver.id, approvalCircleId, 6);
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b.status).toBe('awaiting_approval');
    expect(b.circle.approval).toMatchObject({ state: 'awaiting', reason: 'circle_rule', byFirstName: null });

    // The caregiver: not in their list, 404 on it, cannot accept it, told nothing.
    expect((await request(t.app, 'GET', `/api/bookings/${b.id}`, cg)).statusCode).toBe(404);
    const list = (await request(t.app, 'GET', '/api/bookings', cg)).json();
    expect(list.map((x: { id: number }) => x.id)).not.toContain(b.id);
    expect((await act(cg, b.id, 'accept')).statusCode).toBe(404);
    expect(await noticesOf(cg.user.id, 'booking.awaiting_approval')).toHaveLength(0);
    const exported = await request(t.app, 'GET', '/api/me/export', cg);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().bookings.map((x: { id: number }) => x.id)).not.toContain(b.id);
    expect(await noticesOf(cg.user.id, 'booking.pending')).toHaveLength(0);

    // The payer is asked; the coordinator is told it waits.
    const asked = await noticesOf(payer.user.id, 'booking.awaiting_approval');
    expect(asked.at(-1)?.title).toBe('Approve a booking for Hyacinth?');
    // Sandra is in Toronto: she also reads the start in her own time; the coordinator in Jamaica does not.
    expect(asked.at(-1)?.body).toMatch(/It starts at \d{1,2}:00 AM Toronto \(9:00 AM Jamaica\)\.$/);
    const told = (await noticesOf(coordinator.user.id, 'booking.awaiting_approval')).at(-1);
    expect(told?.title).toBe('Waiting for approval');
    expect(told?.body).not.toContain('It starts at');

    // Only a payer of that circle approves.
    expect((await act(coordinator, b.id, 'approve')).statusCode).toBe(403);
    expect((await act(stranger, b.id, 'approve')).statusCode).toBe(404);
    expect((await act(cg, b.id, 'approve')).statusCode).toBe(403);
    expect((await act({ headers: {} }, b.id, 'approve')).statusCode).toBe(401);
    const approved = await act(payer, b.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'pending',
      circle: { approval: { state: 'approved', byFirstName: 'Sandra' } },
    });
    expect((await act(payer, b.id, 'approve')).statusCode).toBe(409);
    expect((await noticesOf(coordinator.user.id, 'booking.pending')).at(-1)).toMatchObject({
      title: 'Booking approved',
      body: expect.stringContaining('Sandra approved booking'),
    });

    // Now the caregiver has it, and its answer window starts from the approval.
    expect((await request(t.app, 'GET', `/api/bookings/${b.id}`, cg)).json().circle.approval).toBeNull();
    expect((await noticesOf(cg.user.id, 'booking.pending')).at(-1)?.title).toBe('New booking request');
    expect((await act(cg, b.id, 'accept')).statusCode).toBe(200);
  });

  it('a payer’s decline ends it without the caregiver ever seeing it; a booking of one’s own needs no approval', async () => {
    const cg = await signedInCaregiver(t.db);
    const b = (await book(coordinator, cg.caregiver.id, approvalCircleId, 8)).json();
    const declined = await act(payer, b.id, 'decline-approval');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      circle: { approval: { state: 'declined' } },
    });
    expect((await request(t.app, 'GET', `/api/bookings/${b.id}`, cg)).statusCode).toBe(404);
    expect(await noticesOf(cg.user.id, 'booking.declined')).toHaveLength(0);
    expect((await noticesOf(coordinator.user.id, 'booking.declined')).at(-1)?.body).toContain(
      'Sandra declined the request',
    );
    // Its own household's booking: nothing to approve (409 for the family, 404 for anyone else).
    const own = (await book(payer, cg.caregiver.id, undefined, 9)).json();
    expect(own.circle).toBeNull();
    expect((await act(payer, own.id, 'approve')).statusCode).toBe(409);
    expect((await act(coordinator, own.id, 'approve')).statusCode).toBe(404);
  });

  it('asks for approval once the month would pass a payer’s cap, counting the month’s other bookings', async () => {
    const capped = await createCircle(t.app, coordinator);
    const p = await join(t.app, t.db, capped.id, coordinator, 'payer');
    const cap = await request(t.app, 'PATCH', `/api/circles/${capped.id}/members/${p.user.id}`, p, {
      monthlyCapJmd: 7000,
    });
    expect(cap.statusCode).toBe(200);
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 }); // 2 h: J$3,150 with the fee
    // Two bookings on days of the same month fit (J$6,300); the third would pass J$7,000.
    const day = daysAhead(40);
    const sameMonth = (n: number) => `${day.slice(0, 8)}${String(n).padStart(2, '0')}`;
    const at = (date: string, time: string) =>
      request(t.app, 'POST', '/api/bookings', coordinator, {
        ...panelBody(cg.caregiver.id, date, time, 2),
        circleId: capped.id,
      });
    expect((await at(sameMonth(10), '9:00 AM')).json().status).toBe('pending');
    expect((await at(sameMonth(11), '9:00 AM')).json().status).toBe('pending');
    const third = (await at(sameMonth(12), '9:00 AM')).json();
    expect(third).toMatchObject({
      status: 'awaiting_approval',
      circle: { approval: { reason: 'over_cap' } },
    });
    // Another month starts from nothing.
    const nextMonth = daysAhead(75);
    expect((await at(nextMonth, '9:00 AM')).json().status).toBe('pending');
  });

  it('expires an unapproved booking after 24 hours (a controlled clock), telling the members, not the caregiver', async () => {
    const cg = await signedInCaregiver(t.db);
    const b = (await book(coordinator, cg.caregiver.id, approvalCircleId, 10)).json();
    const created = new Date(b.createdAt).getTime();
    await t.app.services.bookings.runLifecycle(new Date(created + 23 * HOUR));
    expect((await request(t.app, 'GET', `/api/bookings/${b.id}`, coordinator)).json().status).toBe(
      'awaiting_approval',
    );
    await t.app.services.bookings.runLifecycle(new Date(created + 24 * HOUR + 1000));
    expect((await request(t.app, 'GET', `/api/bookings/${b.id}`, coordinator)).json().status).toBe('expired');
    expect((await noticesOf(payer.user.id, 'booking.expired')).at(-1)?.title).toBe(
      'Approval request expired',
    );
    expect(await noticesOf(cg.user.id, 'booking.expired')).toHaveLength(0);
  });

  it('answers 409 when the caregiver was booked for that time while the request waited for approval', async () => {
    const cg = await signedInCaregiver(t.db);
    const waiting = (await book(coordinator, cg.caregiver.id, approvalCircleId, 12)).json();
    expect(waiting.status).toBe('awaiting_approval');
    // Awaiting approval holds nothing: another family books the same time.
    expect((await book(stranger, cg.caregiver.id, undefined, 12)).statusCode).toBe(201);
    const late = await act(payer, waiting.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOOKING_OVERLAP');
    // And a new request for a time already held is refused at once.
    expect((await book(coordinator, cg.caregiver.id, approvalCircleId, 12)).statusCode).toBe(409);
  });

  it('lets any coordinator cancel (free: it is the family side), not a payer or viewer', async () => {
    const cg = await signedInCaregiver(t.db);
    const b = (await book(coordinator, cg.caregiver.id, circleId, 14)).json();
    const second = await join(t.app, t.db, circleId, coordinator, 'coordinator');
    expect((await act(payer, b.id, 'cancel')).statusCode).toBe(403);
    expect((await act(viewer, b.id, 'cancel')).statusCode).toBe(403);
    expect((await act(stranger, b.id, 'cancel')).statusCode).toBe(404);
    const cancelled = await act(second, b.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelledBy).toBe(second.user.id);
    const told = await noticesOf(cg.user.id, 'booking.cancelled');
    expect(told.at(-1)?.body).toContain('Hyacinth’s family cancelled the booking');
  });
});
