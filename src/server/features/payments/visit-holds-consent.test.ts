import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments';
import { bookingSeries, bookings, circleMembers, notifications, payments } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { createCircle, type Person, request } from '../circles/testing';
import { sandboxCardToken, TEST_CARDS } from './testing';

const HOUR = 3_600_000;

/**
 * Issue 30 (ADR 0039): the visit-holds job re-checks consent when it charges. A card is held only for a payer
 * who approved the visit, booked it, or set a standing rule that covers it (their own cap, not passed this
 * month); the payment records whose consent and on what basis. Nobody's consent: no card, payers told.
 */
describe.each(DB_KINDS)('visit holds charge only with the card owner’s consent on %s', (kind) => {
  const w = { clock: new Date('2030-01-01T12:00:00Z') };
  const t = useTestApp(kind, {}, () => w.clock);
  const sandbox = () => t.app.payments as SandboxProvider;
  const run = (at: Date) => t.app.services.visitHolds.runVisitHolds(at);
  let andre: Person;
  let paula: Person;

  async function saveCard(who: Person) {
    const res = await request(t.app, 'POST', '/api/payment-methods', who, {
      paymentToken: sandboxCardToken(sandbox(), TEST_CARDS.success),
    });
    expect(res.statusCode).toBe(201);
  }

  /** A circle Andre created, where Paula accepted the payer role with her cap; Andre is now only coordinator. */
  async function circleWithPaula(monthlyCapJmd: number) {
    const c = await createCircle(t.app, andre);
    const inv = await request(t.app, 'POST', `/api/circles/${c.id}/invitations`, andre, {
      email: paula.user.email,
      role: 'payer',
      monthlyCapJmd,
    });
    const token = new URL(inv.json().inviteUrl).pathname.split('/').pop();
    expect((await request(t.app, 'POST', `/api/invitations/${token}/accept`, paula)).statusCode).toBe(200);
    return c.id;
  }

  /** A confirmed 2-hour visit (J$3,150) of an accepted series Andre booked for the circle. */
  async function seriesVisit(circleId: number, date: string) {
    const cg = await signedInCaregiver(t.db);
    const b = await createBooking(t.db, {
      familyId: andre.user.id,
      caregiverId: cg.caregiver.id,
      date,
      startHour: 9,
      hours: 2,
      status: 'confirmed',
      circleId,
    });
    const [series] = await t.db
      .insert(bookingSeries)
      .values({
        familyId: andre.user.id,
        caregiverId: cg.caregiver.id,
        circleId,
        weekdays: [1],
        startTime: '09:00',
        hours: 2,
        startDate: date,
        visitCount: 1,
        status: 'accepted',
      })
      .returning();
    await t.db.update(bookings).set({ seriesId: series.id }).where(eq(bookings.id, b.id));
    return { id: b.id, start: b.startsAt.getTime() };
  }
  const paymentsOf = (id: number) => t.db.select().from(payments).where(eq(payments.bookingId, id));

  beforeAll(async () => {
    andre = await signedIn(t.db, { userType: 'family', firstName: 'Andre' });
    paula = await signedIn(t.db, { userType: 'family', firstName: 'Paula' });
    await saveCard(paula);
  });

  it('does not hold the real payer’s card for a visit the coordinator made himself payer for and approved himself', async () => {
    // Paula's own cap is J$2,000. The state the attack of issue 30 left (the API refuses each step now):
    // Andre holds payer by his own PATCH (no consent of his own act), and approved his visit himself.
    const circleId = await circleWithPaula(2000);
    await t.db
      .update(circleMembers)
      .set({ roles: ['coordinator', 'payer'], payerConsentedAt: null })
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, andre.user.id)));
    const visit = await seriesVisit(circleId, '2030-03-04');
    await t.db
      .update(bookings)
      .set({
        approvalState: 'approved',
        approvalReason: 'over_cap',
        approvalBy: andre.user.id,
        approvalAt: w.clock,
      })
      .where(eq(bookings.id, visit.id));

    // 47 h before: Andre (whose approval is consent for his own card) has no card, and the visit passes
    // Paula's own cap: her card is not held.
    expect(await run(new Date(visit.start - 47 * HOUR))).toMatchObject({ held: 0, failed: 1 });
    expect(await paymentsOf(visit.id)).toEqual([]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, paula.user.id), eq(notifications.kind, 'payment.visit_hold_failed')),
      );
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('no payer who agreed to this charge');

    // Andre's own card: his approval is his consent, and the payment says so.
    await saveCard(andre);
    expect(await run(new Date(visit.start - 46 * HOUR))).toMatchObject({ held: 1 });
    expect(await paymentsOf(visit.id)).toEqual([
      expect.objectContaining({
        status: 'authorized',
        familyId: andre.user.id,
        consentUserId: andre.user.id,
        consentBasis: 'own_approval',
      }),
    ]);
  });

  it('holds a payer’s card on her own cap while the month stays within it, and records that consent', async () => {
    const circleId = await circleWithPaula(10000);
    // Two visits in April: J$6,300 in all, within Paula's J$10,000.
    const first = await seriesVisit(circleId, '2030-04-01');
    await seriesVisit(circleId, '2030-04-08');
    expect(await run(new Date(first.start - 47 * HOUR))).toMatchObject({ held: 1 });
    expect(await paymentsOf(first.id)).toEqual([
      expect.objectContaining({
        status: 'authorized',
        familyId: paula.user.id,
        consentUserId: paula.user.id,
        consentBasis: 'own_cap',
      }),
    ]);
    // A third and fourth visit take the month to J$12,600, over her cap: the next visit is not held on her card.
    await seriesVisit(circleId, '2030-04-15');
    const fourth = await seriesVisit(circleId, '2030-04-22');
    expect(await run(new Date(fourth.start - 47 * HOUR))).toMatchObject({ held: 0, failed: 1 });
    expect(await paymentsOf(fourth.id)).toEqual([]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, paula.user.id), eq(notifications.kind, 'payment.visit_hold_failed')),
      );
    expect(told.at(-1)?.body).toContain('no payer has agreed to this charge');
  });
});
