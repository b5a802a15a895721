import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments';
import { ledgerRepo } from '../../core/ledger/repo';
import { ledger } from '../../core/ledger/service';
import { bookingSeries, bookings, notifications, payments, visitHoldNotices } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS } from '../../test/harness';
import { request } from '../circles/testing';
import { useVisitWorld } from '../visits/testing';
import { visitHoldsJob } from './jobs';
import { sandboxCardToken, TEST_CARDS } from './testing';

const HOUR = 3_600_000;

/**
 * Series visits paid one by one (ADR 0032), on the test's clock: the hold 48 h before (not earlier, once),
 * a failed hold's notice (once), the release of an unpaid visit 24 h before, and a paid visit kept.
 */
describe.each(DB_KINDS)('visit holds on %s', (kind) => {
  const v = useVisitWorld(kind);
  const { t, w, db } = v;
  const P = w.people;
  const sandbox = () => t.app.payments as SandboxProvider;
  const run = (at: Date) => t.app.services.visitHolds.runVisitHolds(at);

  async function saveCard(who: { headers: Record<string, string> }, number: string = TEST_CARDS.success) {
    const res = await request(t.app, 'POST', '/api/payment-methods', who, {
      paymentToken: sandboxCardToken(sandbox(), number),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  }

  /** A confirmed 2-hour visit (J$ 3,150) of an accepted weekly series; `start` is its start. */
  async function seriesVisit(opts: { circle?: boolean } = {}) {
    const visit = await v.visit(opts);
    const [series] = await db()
      .insert(bookingSeries)
      .values({
        familyId: (opts.circle ? P.coordinator : P.family).user.id,
        caregiverId: visit.cg.caregiver.id,
        circleId: opts.circle ? w.circleId : null,
        weekdays: [1],
        startTime: '09:00',
        hours: 2,
        startDate: '2030-03-01',
        visitCount: 1,
        status: 'accepted',
      })
      .returning();
    await db().update(bookings).set({ seriesId: series.id }).where(eq(bookings.id, visit.id));
    return { ...visit, start: visit.at(0).getTime() };
  }

  const paymentsOf = (id: number) => db().select().from(payments).where(eq(payments.bookingId, id));
  const bookingOf = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0];
  const noticesOf = (userId: number, kind: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it('tells the family once when there is no card, then holds the default card 48 h before, once', async () => {
    const visit = await seriesVisit();
    // Not earlier than 48 h before the start.
    expect(await run(new Date(visit.start - 48 * HOUR - 60_000))).toEqual({
      held: 0,
      failed: 0,
      released: 0,
    });
    expect(await run(new Date(visit.start - 48 * HOUR))).toMatchObject({ held: 0, failed: 1 });
    expect(await run(new Date(visit.start - 47 * HOUR))).toMatchObject({ held: 0 });
    const [notice, ...more] = await noticesOf(P.family.user.id, 'payment.visit_hold_failed');
    expect(more).toHaveLength(0);
    expect(notice.link).toBe(`/payment/${visit.id}`);
    expect(notice.body).toContain('/payment-settings');
    expect(notice.body).toContain('no saved card');
    // The family saves a card: the next run holds the visit's total on it, as the payment page would.
    await saveCard(P.family);
    const holdsBefore = sandbox().stats.holdsCreated;
    expect(await run(new Date(visit.start - 46 * HOUR))).toMatchObject({ held: 1 });
    expect(await run(new Date(visit.start - 45 * HOUR))).toMatchObject({ held: 0 });
    expect(sandbox().stats.holdsCreated).toBe(holdsBefore + 1);
    const [paid, ...others] = await paymentsOf(visit.id);
    expect(others).toHaveLength(0);
    expect(paid).toMatchObject({
      status: 'authorized',
      method: 'card',
      amount: '3150.00',
      cardLast4: '4242',
    });
    expect(paid.familyId).toBe(P.family.user.id);
    expect(await ledgerRepo.unbalancedTxns(db())).toEqual([]);
    expect(await noticesOf(P.family.user.id, 'booking.paid')).not.toHaveLength(0);
    expect(await noticesOf(visit.cg.user.id, 'booking.paid')).toHaveLength(1);
    // Paid: not released 24 h before, nor later.
    expect(await run(new Date(visit.start - 24 * HOUR))).toMatchObject({ released: 0 });
    expect(await run(new Date(visit.start - 2 * HOUR))).toMatchObject({ released: 0 });
    expect((await bookingOf(visit.id)).status).toBe('confirmed');
  });

  it('holds exactly once when two runs go at the same time (and through the job)', async () => {
    const visit = await seriesVisit();
    const before = sandbox().stats.holdsCreated;
    const at = new Date(visit.start - 40 * HOUR);
    const [a, b] = await Promise.all([run(at), run(at)]);
    expect(a.held + b.held).toBe(1);
    const jobs = await Promise.all([runJob(t.app, visitHoldsJob, at), runJob(t.app, visitHoldsJob, at)]);
    expect(jobs.filter((j) => j.ran).length).toBeGreaterThan(0);
    expect(sandbox().stats.holdsCreated).toBe(before + 1);
    expect((await paymentsOf(visit.id)).map((p) => p.status)).toEqual(['authorized']);
  });

  it('a circle visit: a declined default card tells the payers and coordinator once; unpaid at 24 h it is released, no fee', async () => {
    await saveCard(P.payer, TEST_CARDS.declined);
    const visit = await seriesVisit({ circle: true });
    expect(await run(new Date(visit.start - 47 * HOUR))).toMatchObject({ held: 0, failed: 1 });
    expect(await run(new Date(visit.start - 30 * HOUR))).toMatchObject({ held: 0, failed: 0 });
    const tried = await paymentsOf(visit.id);
    expect(tried.map((p) => [p.status, p.familyId, p.failureCode])).toEqual([
      ['declined', P.payer.user.id, 'card_declined'],
    ]);
    for (const who of [P.payer, P.coordinator]) {
      const got = await noticesOf(who.user.id, 'payment.visit_hold_failed');
      expect(got.filter((n) => n.link === `/payment/${visit.id}`)).toHaveLength(1);
      expect(got[got.length - 1].body).toContain('ending 0002');
    }
    expect(await noticesOf(P.viewer.user.id, 'payment.visit_hold_failed')).toHaveLength(0);
    expect(
      await db().select().from(visitHoldNotices).where(eq(visitHoldNotices.bookingId, visit.id)),
    ).toHaveLength(1);
    // Still 24 h and a minute away: kept. At 24 h: released, free for everyone.
    expect(await run(new Date(visit.start - 24 * HOUR - 60_000))).toMatchObject({ released: 0 });
    expect(await run(new Date(visit.start - 24 * HOUR))).toMatchObject({ released: 1 });
    const released = await bookingOf(visit.id);
    expect(released).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid', cancelledBy: null });
    expect(await ledger.bookingAccountBalance(db(), visit.id, 'family_receivable')).toBe(0);
    expect(await ledger.bookingAccountBalance(db(), visit.id, 'caregiver_payable')).toBe(0);
    const [toCaregiver] = await noticesOf(visit.cg.user.id, 'booking.cancelled');
    expect(toCaregiver.body).toContain('not paid 24 hours before the start');
    const [toCoordinator] = await noticesOf(P.coordinator.user.id, 'booking.cancelled');
    expect(toCoordinator.body).toContain('Nobody is charged a fee');
    expect(await run(new Date(visit.start - 23 * HOUR))).toEqual({ held: 0, failed: 0, released: 0 });
  });

  it('holds a circle visit on a payer’s default card (the booking coordinator is no payer here)', async () => {
    // The payer's default becomes a good card: the next circle visit is held on it.
    await saveCard(P.payer).then((c) =>
      request(t.app, 'POST', `/api/payment-methods/${c.id}/default`, P.payer),
    );
    const visit = await seriesVisit({ circle: true });
    expect(await run(new Date(visit.start - 47 * HOUR))).toMatchObject({ held: 1 });
    const [paid] = await paymentsOf(visit.id);
    expect(paid).toMatchObject({ status: 'authorized', familyId: P.payer.user.id });
    expect(await ledger.bookingAccountBalance(db(), visit.id, 'booking_hold')).toBe(315_000);
  });
});
