import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, paymentRefunds } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody } from '../bookings/testing';
import { createCircle, join, request } from '../circles/testing';
import { declareEmergency, emergencyBody } from '../emergencies/testing';
import { paidBookingIn, sandboxToken } from './testing';

const HOUR = 3_600_000;

/**
 * Refunds of booking payments are visible to both sides (issue 34, ADR 0054): the booking view carries a
 * `refund` summary (amount, when, why; the card for the payer's side; what the caregiver keeps), each refund
 * is a balanced ledger transaction, and nobody outside the booking reads it.
 */
describe.each(DB_KINDS)('booking refunds, visible to both sides, on %s', (kind) => {
  const t = useTestApp(kind);
  const act = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers, payload: {} });
  const view = (who: { headers: Record<string, string> }, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/${id}`, headers: who.headers });

  const paidBooking = (parish: string, confirm = true) => paidBookingIn(t.app, t.db, parish, confirm);

  async function ledgerOf(bookingId: number) {
    const [r] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId));
    expect(r?.ledgerTxnId).toBeTruthy();
    const lines = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, r.ledgerTxnId!));
    expect(lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0)).toBe(0);
    return lines;
  }

  it('an emergency waiver: the family sees the whole amount back to their card, the caregiver that nothing is kept', async () => {
    const admin = await signedIn(t.db, { userType: 'admin' });
    const declared = await declareEmergency(t.app, admin.headers, emergencyBody(['Portland'], -1, 48));
    expect(declared.statusCode).toBe(201);
    const b = await paidBooking('Portland');
    expect((await view(b.family, b.id)).json()).not.toHaveProperty('refund');
    expect((await act(b.id, 'cancel', b.family.headers)).statusCode).toBe(200);

    const family = (await view(b.family, b.id)).json();
    expect(family.refund).toMatchObject({
      amount: b.total,
      kind: 'release',
      cause: 'emergency_waiver',
      cardBrand: 'visa',
      cardLast4: '4242',
      keptByCaregiver: '0.00',
    });
    expect(Date.parse(family.refund.at)).toBeGreaterThan(Date.now() - HOUR);
    const caregiver = (await view(b.cg, b.id)).json();
    expect(caregiver.refund).toMatchObject({
      amount: b.total,
      cause: 'emergency_waiver',
      cardBrand: null,
      cardLast4: null,
      keptByCaregiver: '0.00',
    });
    // The list carries it too.
    const list = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: b.family.headers });
    expect(list.json().find((v: { id: number }) => v.id === b.id).refund.cause).toBe('emergency_waiver');
    // One balanced ledger transaction: the hold goes back to the family's card.
    const lines = await ledgerOf(b.id);
    expect(lines.map((l) => [l.account, l.kind]).sort()).toEqual([
      ['booking_hold', 'void'],
      ['family_source', 'void'],
    ]);

    // Nobody else reads it.
    const stranger = await signedIn(t.db, { userType: 'family' });
    expect((await view(stranger, b.id)).statusCode).toBe(404);
    const otherCg = await signedInCaregiver(t.db);
    expect((await view(otherCg, b.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${b.id}` })).statusCode).toBe(401);
  });

  it('a late cancellation by the family: the rest back to the family, the caregiver keeps the late fee', async () => {
    const b = await paidBooking('St. Ann');
    expect((await act(b.id, 'cancel', b.family.headers)).statusCode).toBe(200);
    // 1000 × 4 = 4000 subtotal: a 50 % late fee of 2000 to the caregiver, the rest of the total back.
    const kept = '2000.00';
    const back = (Number(b.total) - 2000).toFixed(2);
    expect((await view(b.family, b.id)).json().refund).toMatchObject({
      amount: back,
      cause: 'cancelled_by_family',
      cardLast4: '4242',
      keptByCaregiver: kept,
    });
    expect((await view(b.cg, b.id)).json().refund).toMatchObject({
      amount: back,
      cause: 'cancelled_by_family',
      cardLast4: null,
      keptByCaregiver: kept,
    });
    await ledgerOf(b.id);
  });

  it('a request the caregiver declines: the hold is released, cause "declined", for both sides', async () => {
    const b = await paidBooking('Kingston', false);
    expect((await act(b.id, 'decline', b.cg.headers)).statusCode).toBe(200);
    expect((await view(b.family, b.id)).json().refund).toMatchObject({
      amount: b.total,
      kind: 'release',
      cause: 'declined',
      keptByCaregiver: '0.00',
    });
    expect((await view(b.cg, b.id)).json().refund.cause).toBe('declined');
    await ledgerOf(b.id);
  });

  it('a care circle: the payer who paid sees the refund with their card, a viewer sees none', async () => {
    const coordinator = await signedIn(t.db, { userType: 'family' });
    const circle = await createCircle(t.app, coordinator);
    const payer = await join(t.app, t.db, circle.id, coordinator, 'payer');
    const viewer = await join(t.app, t.db, circle.id, coordinator, 'viewer');
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const made = await request(t.app, 'POST', '/api/bookings', coordinator, {
      ...panelBody(cg.caregiver.id, daysAhead(9), '9:00 AM', 2),
      circleId: circle.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id: number = made.json().id;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...payer.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId: id, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await act(id, 'cancel', coordinator.headers)).statusCode).toBe(200);

    expect((await view(payer, id)).json().refund).toMatchObject({
      amount: paid.json().amount,
      cause: 'cancelled_by_family',
      cardLast4: '4242',
    });
    expect((await view(coordinator, id)).json().refund.cause).toBe('cancelled_by_family');
    const seenByViewer = await view(viewer, id);
    expect(seenByViewer.statusCode).toBe(200);
    expect(seenByViewer.json()).not.toHaveProperty('refund');
    const [r] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, id));
    expect(r.familyId).toBe(payer.user.id);
    await ledgerOf(id);
  });

  it('a booking with nothing refunded has no refund field (spec clients see the old shape)', async () => {
    const b = await paidBooking('Kingston', false);
    const res = await view(b.family, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('refund');
  });
});
