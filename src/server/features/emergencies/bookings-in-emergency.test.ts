import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, ledgerEntries, mailOutbox, notifications, payments } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking } from '../bookings/testing';
import { paidBookingIn } from '../payments/testing';
import { declareEmergency, emergencyBody } from './testing';

const HOUR = 3_600_000;

/** Issue 20: what a parish emergency changes for bookings: free late cancellations, warnings, notices. */
describe.each(DB_KINDS)('bookings in a parish emergency on %s', (kind) => {
  const t = useTestApp(kind);
  const act = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers, payload: {} });
  const caregiverPayable = async (bookingId: number) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)))
      .filter((r) => r.account === 'caregiver_payable')
      .reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  const paymentOf = async (bookingId: number) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
  const admin = () => signedIn(t.db, { userType: 'admin' });

  /** A family in `parish`, a J$ 1,000/h caregiver, 4 h paid by card and confirmed, starting in 10 h. */
  const lateConfirmed = (parish: string) => paidBookingIn(t.app, t.db, parish);

  it('makes an affected late cancellation free while an unaffected one still pays the late fee', async () => {
    const a = await admin();
    expect((await declareEmergency(t.app, a.headers, emergencyBody(['Portland'], -1, 48))).statusCode).toBe(
      201,
    );

    const affected = await lateConfirmed('Portland');
    const view = await t.injectAs(affected.family, { method: 'GET', url: `/api/bookings/${affected.id}` });
    expect(view.json().emergency).toMatchObject({
      parishes: ['Portland'],
      warning: expect.stringContaining('no fee'),
    });
    expect((await act(affected.id, 'cancel', affected.family.headers)).statusCode).toBe(200);
    expect((await paymentOf(affected.id)).status).toBe('voided');
    expect(await caregiverPayable(affected.id)).toBe(0);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, affected.family.user.id))
      .then((rows) => rows.filter((n) => n.kind === 'booking.cancelled'));
    expect(notice.body).not.toContain('late-cancellation fee');

    const unaffected = await lateConfirmed('St. Ann');
    const plain = await t.injectAs(unaffected.family, {
      method: 'GET',
      url: `/api/bookings/${unaffected.id}`,
    });
    expect(plain.json()).not.toHaveProperty('emergency');
    expect((await act(unaffected.id, 'cancel', unaffected.family.headers)).statusCode).toBe(200);
    // 1000 × 4 = 4000 subtotal: 2000 to the caregiver, the rest back.
    expect(await paymentOf(unaffected.id)).toMatchObject({
      status: 'partially_refunded',
      capturedAmount: '2000.00',
    });
    expect(await caregiverPayable(unaffected.id)).toBe(200000);
  });

  it('lets a new booking in the window succeed with a warning; one outside the parish has none', async () => {
    const a = await admin();
    expect(
      (await declareEmergency(t.app, a.headers, emergencyBody(['Trelawny'], -1, 24 * 5))).statusCode,
    ).toBe(201);
    const cg = await signedInCaregiver(t.db);
    const inside = await signedIn(t.db, { userType: 'family', parish: 'Trelawny' });
    const res = await requestBooking(t.app, inside.headers, panelBody(cg.caregiver.id, daysAhead(2)));
    expect(res.statusCode).toBe(201);
    expect(res.json().emergency).toMatchObject({ kind: 'hurricane', parishes: ['Trelawny'] });
    expect(res.json().emergency.warning).toContain('either side can cancel with no fee');
    const outside = await signedIn(t.db, { userType: 'family', parish: 'Hanover' });
    const other = await requestBooking(
      t.app,
      outside.headers,
      panelBody(cg.caregiver.id, daysAhead(2), '1:00 PM'),
    );
    expect(other.statusCode).toBe(201);
    expect(other.json()).not.toHaveProperty('emergency');
    // Beyond the window: no warning either.
    const later = await requestBooking(t.app, inside.headers, panelBody(cg.caregiver.id, daysAhead(9)));
    expect(later.json()).not.toHaveProperty('emergency');
  });

  it('tells each affected family and caregiver once per declare, extend and end; nobody else', async () => {
    const a = await admin();
    const family = await signedIn(t.db, { userType: 'family', parish: 'St. Mary' });
    const cg = await signedInCaregiver(t.db);
    const bystander = await signedIn(t.db, { userType: 'family', parish: 'St. Elizabeth' });
    for (const [who, start] of [
      [family, '9:00 AM'],
      [family, '1:00 PM'],
      [bystander, '5:00 PM'],
    ] as const) {
      expect(
        (await requestBooking(t.app, who.headers, panelBody(cg.caregiver.id, daysAhead(2), start)))
          .statusCode,
      ).toBe(201);
    }
    const declared = await declareEmergency(t.app, a.headers, emergencyBody(['St. Mary'], -1, 24 * 5));
    const id = declared.json().id;
    const extended = new Date(Date.now() + 24 * 6 * HOUR).toISOString();
    expect(
      (
        await t.injectAs(a, {
          method: 'PATCH',
          url: `/api/admin/emergencies/${id}`,
          payload: { endsAt: extended },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(a, { method: 'POST', url: `/api/admin/emergencies/${id}/end` })).statusCode,
    ).toBe(200);

    const kindsOf = async (userId: number) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .map((n) => n.kind)
        .filter((k) => k.startsWith('emergency.'))
        .sort();
    const all = ['emergency.declared', 'emergency.ended', 'emergency.extended'];
    expect(await kindsOf(family.user.id)).toEqual(all);
    expect(await kindsOf(cg.user.id)).toEqual(all);
    expect(await kindsOf(bystander.user.id)).toEqual([]);
    const [familyNotice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, family.user.id))
      .then((rows) => rows.filter((n) => n.kind === 'emergency.declared'));
    expect(familyNotice.title).toBe('Hurricane warning: St. Mary');
    expect(familyNotice.body).toContain('You have 2 bookings there in this time');
    expect(familyNotice.body).toContain('cancel affected bookings with no fee');
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, family.user.email))).filter(
      (m) => m.subject.includes('St. Mary'),
    );
    expect(mails).toHaveLength(3);
    // Through the delivery outbox as critical notices (ADR 0033), each sent during the admin's request.
    const rows = (await t.db.select().from(deliveries).where(eq(deliveries.userId, family.user.id))).filter(
      (d) => d.kind.startsWith('emergency.'),
    );
    expect(rows.map((d) => [d.kind, d.channel, d.critical, d.status]).sort()).toEqual([
      ['emergency.declared', 'email', true, 'sent'],
      ['emergency.ended', 'email', true, 'sent'],
      ['emergency.extended', 'email', true, 'sent'],
    ]);
  });

  it('lets the family postpone a covered booking within 24 hours; an unaffected one still cannot move so late', async () => {
    const a = await admin();
    const declared = await declareEmergency(t.app, a.headers, emergencyBody(['St. Mary'], -1, 48));
    expect(declared.statusCode).toBe(201);
    const move = (id: number, headers: Record<string, string>, date: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/reschedule`,
        headers,
        payload: { date, startTime: '9:00 AM' },
      });
    const affected = await lateConfirmed('St. Mary');
    const moved = await move(affected.id, affected.family.headers, daysAhead(5));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ date: daysAhead(5), status: 'pending' });
    // The caregiver cannot postpone it for the family.
    const other = await lateConfirmed('St. Mary');
    expect((await move(other.id, other.cg.headers, daysAhead(6))).statusCode).toBe(403);

    const unaffected = await lateConfirmed('Hanover');
    const refused = await move(unaffected.id, unaffected.family.headers, daysAhead(5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BOOKING_INVALID_TRANSITION');
  });
});
