import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { postSeries, seriesBody } from '../booking-series/testing';
import { createCircle, type Person, request } from '../circles/testing';
import { daysAhead, panelBody } from './testing';

/**
 * Issue 30 (ADR 0039): nobody approves (or declines) a booking they requested in a circle where approval is
 * needed, on a single booking or a series' visit; with two payers, the lower cap asks for approval.
 */
describe.each(DB_KINDS)('approval by someone other than the requester on %s', (kind) => {
  const t = useTestApp(kind);
  const act = (who: Person, id: number, action: string) =>
    request(t.app, 'POST', `/api/bookings/${id}/${action}`, who);
  const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  async function invite(circleId: number, by: Person, who: Person, monthlyCapJmd?: number) {
    const inv = await request(t.app, 'POST', `/api/circles/${circleId}/invitations`, by, {
      email: who.user.email,
      role: 'payer',
      ...(monthlyCapJmd === undefined ? {} : { monthlyCapJmd }),
    });
    expect(inv.statusCode).toBe(201);
    const token = new URL(inv.json().inviteUrl).pathname.split('/').pop();
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, who)).statusCode).toBe(200);
  }

  /** Andre coordinates and is a payer (given by Quinn, a payer who accepted an invitation); approval required. */
  async function approvalCircle() {
    const andre = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    const quinn = await signedIn(t.db, { userType: 'family', firstName: 'Quinn' });
    const c = await createCircle(t.app, andre, { approvalRequired: true });
    await invite(c.id, andre, quinn);
    const back = await request(t.app, 'PATCH', `/api/circles/${c.id}/members/${andre.user.id}`, quinn, {
      roles: ['coordinator', 'payer'],
    });
    expect(back.statusCode).toBe(200);
    return { c, andre, quinn };
  }

  it('refuses a payer approving or declining the booking they requested (403), and nothing changes', async () => {
    const { c, andre, quinn } = await approvalCircle();
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const res = await request(t.app, 'POST', '/api/bookings', andre, {
      ...panelBody(cg.caregiver.id, daysAhead(6), '9:00 AM', 2),
      circleId: c.id,
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b.status).toBe('awaiting_approval');
    expect(b.circle.canApprove).toBe(false);
    const before = await bookingRow(b.id);
    for (const action of ['approve', 'decline-approval']) {
      const refused = await act(andre, b.id, action);
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'APPROVAL_BY_REQUESTER',
        message: expect.stringContaining('another payer of the circle approves or declines it'),
      });
    }
    expect(await bookingRow(b.id)).toEqual(before);
    // Another payer sees the choice and approves.
    const seen = await request(t.app, 'GET', `/api/bookings/${b.id}`, quinn);
    expect(seen.json().circle.canApprove).toBe(true);
    const approved = await act(quinn, b.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(await bookingRow(b.id)).toMatchObject({
      status: 'pending',
      approvalState: 'approved',
      approvalBy: quinn.user.id,
    });
  });

  it('refuses the requester approving a visit of their own series, too', async () => {
    const { c, andre, quinn } = await approvalCircle();
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const made = await postSeries(t.app, andre, {
      ...seriesBody(cg.caregiver.id, { visits: 2 }),
      circleId: c.id,
    });
    expect(made.statusCode).toBe(201);
    const visits = made.json().bookings as { id: number; status: string }[];
    expect(visits.map((v) => v.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
    const before = await bookingRow(visits[0].id);
    const refused = await act(andre, visits[0].id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('APPROVAL_BY_REQUESTER');
    expect(await bookingRow(visits[0].id)).toEqual(before);
    expect((await act(quinn, visits[0].id, 'approve')).statusCode).toBe(200);
  });

  it('the requester who is the only payer waits for another payer: refused, and told so honestly', async () => {
    const andre = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    const c = await createCircle(t.app, andre, { approvalRequired: true });
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const res = await request(t.app, 'POST', '/api/bookings', andre, {
      ...panelBody(cg.caregiver.id, daysAhead(7), '9:00 AM', 2),
      circleId: c.id,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const before = await bookingRow(id);
    expect((await act(andre, id, 'approve')).statusCode).toBe(403);
    expect(await bookingRow(id)).toEqual(before);
    // Andre is new: the only notice he has is this request's.
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, andre.user.id));
    expect(notice?.title).toBe('Waiting for another payer’s approval');
    expect(notice?.body ?? '').toContain('you are the circle’s only payer');
    expect(notice?.body ?? '').not.toContain('Approve or decline it in the app');
  });

  it('with two payers, a booking over the lower cap and under the higher one waits for approval', async () => {
    const andre = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    const paula = await signedIn(t.db, { userType: 'family', firstName: 'Paula' });
    const quinn = await signedIn(t.db, { userType: 'family', firstName: 'Quinn' });
    const c = await createCircle(t.app, andre);
    await invite(c.id, andre, paula, 5000);
    await invite(c.id, andre, quinn, 50000);
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    // 4 hours at J$1,500 with the fee: J$6,300, over Paula's J$5,000, under Quinn's J$50,000.
    const res = await request(t.app, 'POST', '/api/bookings', andre, {
      ...panelBody(cg.caregiver.id, daysAhead(8), '9:00 AM', 4),
      circleId: c.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'awaiting_approval',
      circle: { approval: { state: 'awaiting', reason: 'over_cap' } },
    });
    // A booking under both caps in another circle with the same caps goes straight to the caregiver.
    const c2 = await createCircle(t.app, andre);
    await invite(c2.id, andre, paula, 5000);
    await invite(c2.id, andre, quinn, 50000);
    const small = await request(t.app, 'POST', '/api/bookings', andre, {
      ...panelBody(cg.caregiver.id, daysAhead(9), '9:00 AM', 2),
      circleId: c2.id,
    });
    expect(small.statusCode).toBe(201);
    expect(small.json()).toMatchObject({ status: 'pending', circle: { approval: null } });
  });
});
