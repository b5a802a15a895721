import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { HOLD_WINDOW } from '../../../shared/backup-hold-window';
import type { Db } from '../../db/client';
import { bookings, subscriptionCharges, subscriptions } from '../../db/schema';
import { nextWeekday, seriesBody } from '../../features/booking-series/testing';
import { daysAhead, panelBody, requestBooking, shiftBooking } from '../../features/bookings/testing';
import { sandboxToken } from '../../features/payments/testing';
import { JOBS } from '../../wiring/jobs';
import { createApprovedVerification, createBooking } from '../factories';
import { signedIn, signedInCaregiver } from '../sign-in';
import { type Fired, registerMoneyScenario } from './registry';

/**
 * Every money-moving route and job with the subject it is raced on (ADR 0042). A new money route or job adds
 * one `registerMoneyScenario` here; the harness fails until it does.
 */

const HOUR = 3_600_000;
type Who = { headers: Record<string, string> };

function call(app: FastifyInstance, method: 'POST' | 'PUT', url: string, who: Who, payload?: unknown) {
  return async (): Promise<Fired> => {
    const res = await app.inject({ method, url, headers: who.headers, payload: payload as object });
    return { statusCode: res.statusCode, body: res.body };
  };
}

async function ok(res: Promise<Fired> | Fired, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body);
}

/** One run of a job, as the scheduler would call it (without the job's advisory lock: the rows must hold). */
function jobRun(app: FastifyInstance, name: string, now: Date) {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return async (): Promise<Fired> => {
    try {
      const result = await job.run({ app, now, signal: new AbortController().signal });
      return { statusCode: 200, body: JSON.stringify(result ?? null) };
    } catch (err) {
      return { statusCode: 500, body: String(err) };
    }
  };
}

/** A family and a caregiver with a pending booking `days` ahead (2 h at J$ 1,500). */
async function requested(app: FastifyInstance, db: Db, days = 7) {
  const family = await signedIn(db, { userType: 'family' });
  const cg = await signedInCaregiver(db, { hourlyRate: 1500 });
  const made = await requestBooking(app, family.headers, panelBody(cg.caregiver.id, daysAhead(days)));
  expect(made.statusCode, made.body).toBe(201);
  return { family, cg, bookingId: made.json().id as number };
}

async function payByCard(app: FastifyInstance, family: Who, bookingId: number) {
  const headers = { ...family.headers, 'idempotency-key': randomUUID() };
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments',
    headers,
    payload: { bookingId, method: 'card', paymentToken: await sandboxToken(app) },
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

/** A pending booking held on a card, accepted when `accept`. */
async function paid(app: FastifyInstance, db: Db, opts: { days?: number; accept?: boolean } = {}) {
  const r = await requested(app, db, opts.days);
  await payByCard(app, r.family, r.bookingId);
  if (opts.accept) await ok(call(app, 'POST', `/api/bookings/${r.bookingId}/accept`, r.cg)());
  return r;
}

async function saveCard(app: FastifyInstance, who: Who) {
  const token = await sandboxToken(app);
  return (await ok(call(app, 'POST', '/api/payment-methods', who, { paymentToken: token })(), 201)) as {
    id: number;
  };
}

/** A family on `plan`, paid with a saved card. */
async function subscribed(app: FastifyInstance, db: Db, plan: 'family' | 'premium') {
  const family = await signedIn(db, { userType: 'family' });
  const card = await saveCard(app, family);
  await ok(call(app, 'POST', '/api/subscriptions', family, { plan, paymentMethodId: card.id })(), 201);
  return family;
}

/** A caregiver with one completed, card-paid booking (J$ 2,000 earned) and a payout account. */
async function earned(app: FastifyInstance, db: Db) {
  const r = await paid(app, db, { days: 4, accept: true });
  await shiftBooking(db, r.bookingId, new Date(Date.now() - 3 * HOUR));
  await ok(call(app, 'POST', `/api/bookings/${r.bookingId}/complete`, r.cg)());
  const account = { bankName: 'JN Bank', accountHolder: 'A B', accountNumber: '987654321' };
  await ok(call(app, 'PUT', '/api/payment-settings', r.cg, account)());
  return r;
}

/** The next Friday at noon in Jamaica at least 49 hours from now (earnings are available after 48 h). */
function payday(): Date {
  let d = new Date(Date.now() + 49 * HOUR);
  while (new Date(d.getTime() - 5 * HOUR).getUTCDay() !== 5) d = new Date(d.getTime() + 24 * HOUR);
  const day = new Date(d.getTime() - 5 * HOUR).toISOString().slice(0, 10);
  return new Date(`${day}T12:00:00-05:00`);
}

/** A family's weekly series of `visits` visits (pending until the caregiver answers). */
async function series(app: FastifyInstance, db: Db, visits = 2) {
  const family = await signedIn(db, { userType: 'family' });
  const cg = await signedInCaregiver(db, { hourlyRate: 1000 });
  const body = seriesBody(cg.caregiver.id, { weekdays: [1], hours: 2, startDate: nextWeekday(1, 3), visits });
  const s = await ok(call(app, 'POST', '/api/booking-series', family, body)(), 201);
  return { family, cg, id: s.id as number, visitIds: (s.bookings as { id: number }[]).map((b) => b.id) };
}

// --- payments ---------------------------------------------------------------------------------------------

registerMoneyScenario({
  name: 'a card payment for a booking, the same Idempotency-Key on every request',
  covers: 'POST /api/payments',
  expect: { holds: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await requested(app, db);
    const headers = { ...r.family.headers, 'idempotency-key': randomUUID() };
    const body = { bookingId: r.bookingId, method: 'card', paymentToken: await sandboxToken(app) };
    return call(app, 'POST', '/api/payments', { headers }, body);
  },
});

registerMoneyScenario({
  name: 'a card payment for a booking from 20 tabs at once (each its own Idempotency-Key and card token)',
  covers: 'POST /api/payments',
  expect: { holds: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await requested(app, db);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => sandboxToken(app)));
    return async () => {
      const headers = { ...r.family.headers, 'idempotency-key': randomUUID() };
      const body = { bookingId: r.bookingId, method: 'card', paymentToken: tokens.pop() };
      return call(app, 'POST', '/api/payments', { headers }, body)();
    };
  },
});

registerMoneyScenario({
  name: 'an admin marks one bank transfer received',
  covers: 'POST /api/admin/payments/:id/received',
  expect: { ledgerTxns: 1 },
  async setup(app, db) {
    const r = await requested(app, db);
    const headers = { ...r.family.headers, 'idempotency-key': randomUUID() };
    const transfer = await ok(
      call(app, 'POST', '/api/payments', { headers }, { bookingId: r.bookingId, method: 'bank' })(),
      201,
    );
    const admin = await signedIn(db, { userType: 'admin' });
    return call(app, 'POST', `/api/admin/payments/${transfer.id}/received`, admin);
  },
});

// --- tips (ADR 0051) ----------------------------------------------------------------------------------------

/** A family with a saved card and a visit completed two days ago (4 h at J$ 1,500: tips up to J$ 3,150). */
async function tippable(app: FastifyInstance, db: Db) {
  const family = await signedIn(db, { userType: 'family' });
  const cg = await signedInCaregiver(db, { hourlyRate: 1500 });
  const date = new Date(Date.now() - 2 * 24 * HOUR - 5 * HOUR).toISOString().slice(0, 10);
  const booking = await createBooking(db, {
    familyId: family.user.id,
    caregiverId: cg.caregiver.id,
    date,
    hours: 4,
    status: 'completed',
  });
  const card = await saveCard(app, family);
  return { family, bookingId: booking.id, body: { amount: '1000', paymentMethodId: card.id } };
}

registerMoneyScenario({
  name: 'a tip after a completed visit, the same Idempotency-Key on every request (one tap, one tip)',
  covers: 'POST /api/bookings/:id/tip',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await tippable(app, db);
    const headers = { ...r.family.headers, 'idempotency-key': randomUUID() };
    return call(app, 'POST', `/api/bookings/${r.bookingId}/tip`, { headers }, r.body);
  },
});

registerMoneyScenario({
  name: 'a tip from 20 tabs at once, each its own Idempotency-Key: one tip, 409 for the rest',
  covers: 'POST /api/bookings/:id/tip',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await tippable(app, db);
    return async () => {
      const headers = { ...r.family.headers, 'idempotency-key': randomUUID() };
      const fired = await call(app, 'POST', `/api/bookings/${r.bookingId}/tip`, { headers }, r.body)();
      if (fired.statusCode !== 201) expect(fired.statusCode, fired.body).toBe(409);
      return fired;
    };
  },
});

// --- plans --------------------------------------------------------------------------------------------------

registerMoneyScenario({
  name: 'subscribing to Premium with a saved card',
  covers: 'POST /api/subscriptions',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await signedIn(db, { userType: 'family' });
    const card = await saveCard(app, family);
    return call(app, 'POST', '/api/subscriptions', family, { plan: 'premium', paymentMethodId: card.id });
  },
});

registerMoneyScenario({
  name: 'subscribing to the Family Plan with a card from the hosted fields (the same token on every request)',
  covers: 'POST /api/subscriptions',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await signedIn(db, { userType: 'family' });
    const body = { plan: 'family', paymentToken: await sandboxToken(app) };
    return call(app, 'POST', '/api/subscriptions', family, body);
  },
});

registerMoneyScenario({
  name: 'upgrading Family → Premium (issue 30, finding 2: 5 to 7 charges before)',
  covers: 'POST /api/subscriptions/me/plan',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await subscribed(app, db, 'family');
    return call(app, 'POST', '/api/subscriptions/me/plan', family, { plan: 'premium' });
  },
});

registerMoneyScenario({
  name: 'downgrading Premium → Family (at the period end: nothing is charged now)',
  covers: 'POST /api/subscriptions/me/plan',
  expect: {},
  async setup(app, db) {
    const family = await subscribed(app, db, 'premium');
    return call(app, 'POST', '/api/subscriptions/me/plan', family, { plan: 'family' });
  },
});

registerMoneyScenario({
  name: 'cancelling a plan (no charge, no refund)',
  covers: 'POST /api/subscriptions/me/cancel',
  expect: {},
  async setup(app, db) {
    const family = await subscribed(app, db, 'family');
    return call(app, 'POST', '/api/subscriptions/me/cancel', family);
  },
});

registerMoneyScenario({
  name: 'an admin refunding a plan charge in full (one Idempotency-Key, the same on every request)',
  covers: 'POST /api/admin/plans/charges/:id/refund',
  expect: { refunds: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await subscribed(app, db, 'premium');
    const [charge] = await db
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    const admin = await signedIn(db, { userType: 'admin' });
    const who = { headers: { ...admin.headers, 'idempotency-key': randomUUID() } };
    return call(app, 'POST', `/api/admin/plans/charges/${charge.id}/refund`, who, { reason: 'Race test' });
  },
});

registerMoneyScenario({
  name: 'an admin refunding part of a plan charge (J$ 500 of J$ 1,999, one key)',
  covers: 'POST /api/admin/plans/charges/:id/refund',
  expect: { refunds: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await subscribed(app, db, 'premium');
    const [charge] = await db
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.userId, family.user.id));
    const admin = await signedIn(db, { userType: 'admin' });
    const who = { headers: { ...admin.headers, 'idempotency-key': randomUUID() } };
    const body = { amount: '500', reason: 'Goodwill' };
    return call(app, 'POST', `/api/admin/plans/charges/${charge.id}/refund`, who, body);
  },
});

// --- bookings -----------------------------------------------------------------------------------------------

registerMoneyScenario({
  name: 'the caregiver declines a paid request (the hold is voided)',
  covers: 'POST /api/bookings/:id/decline',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db);
    return call(app, 'POST', `/api/bookings/${r.bookingId}/decline`, r.cg);
  },
});

registerMoneyScenario({
  name: 'the family cancels a confirmed, paid booking 10 hours ahead (the late fee is captured)',
  covers: 'POST /api/bookings/:id/cancel',
  expect: { captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db, { accept: true });
    await shiftBooking(db, r.bookingId, new Date(Date.now() + 10 * HOUR));
    return call(app, 'POST', `/api/bookings/${r.bookingId}/cancel`, r.family, {});
  },
});

registerMoneyScenario({
  name: 'the caregiver completes a paid booking (the hold is captured)',
  covers: 'POST /api/bookings/:id/complete',
  expect: { captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db, { accept: true });
    await shiftBooking(db, r.bookingId, new Date(Date.now() - 3 * HOUR));
    return call(app, 'POST', `/api/bookings/${r.bookingId}/complete`, r.cg);
  },
});

registerMoneyScenario({
  name: 'the family accepts a 3-hour counter-proposal for a 2-hour booking held on a card (the hold is voided once)',
  covers: 'POST /api/bookings/:id/counter-proposal/accept',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db);
    const proposal = { date: daysAhead(8), startTime: '10:00', endTime: '13:00' };
    await ok(call(app, 'POST', `/api/bookings/${r.bookingId}/counter-proposal`, r.cg, proposal)(), 201);
    return call(app, 'POST', `/api/bookings/${r.bookingId}/counter-proposal/accept`, r.family);
  },
});

registerMoneyScenario({
  name: 'the family ends things after a completed trial: a paid booking 10 hours ahead is released once, no fee',
  covers: 'POST /api/bookings/:id/end-after-trial',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db, { accept: true });
    const trial = await requestBooking(app, r.family.headers, {
      ...panelBody(r.cg.caregiver.id, daysAhead(2), '9:00 AM', 2),
      isTrial: true,
    });
    expect(trial.statusCode, trial.body).toBe(201);
    const trialId = trial.json().id as number;
    await ok(call(app, 'POST', `/api/bookings/${trialId}/accept`, r.cg)());
    await shiftBooking(db, trialId, new Date(Date.now() - 3 * HOUR));
    // The trial's completion posts its own ledger transaction before the race.
    await ok(call(app, 'POST', `/api/bookings/${trialId}/complete`, r.cg)());
    await shiftBooking(db, r.bookingId, new Date(Date.now() + 10 * HOUR));
    return call(app, 'POST', `/api/bookings/${trialId}/end-after-trial`, r.family, {});
  },
});

// --- booking series -----------------------------------------------------------------------------------------

registerMoneyScenario({
  name: 'the caregiver declines a series whose first visit is paid',
  covers: 'POST /api/booking-series/:id/decline',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const s = await series(app, db);
    await payByCard(app, s.family, s.visitIds[0]);
    return call(app, 'POST', `/api/booking-series/${s.id}/decline`, s.cg);
  },
});

registerMoneyScenario({
  name: 'the family cancels the rest of an accepted series whose first visit is paid',
  covers: 'POST /api/booking-series/:id/cancel-rest',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const s = await series(app, db);
    await payByCard(app, s.family, s.visitIds[0]);
    await ok(call(app, 'POST', `/api/booking-series/${s.id}/accept`, s.cg)());
    return call(app, 'POST', `/api/booking-series/${s.id}/cancel-rest`, s.family);
  },
});

registerMoneyScenario({
  name: 'the caregiver leaves an accepted series whose first visit is paid',
  covers: 'POST /api/booking-series/:id/leave',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const s = await series(app, db);
    await payByCard(app, s.family, s.visitIds[0]);
    await ok(call(app, 'POST', `/api/booking-series/${s.id}/accept`, s.cg)());
    return call(app, 'POST', `/api/booking-series/${s.id}/leave`, s.cg);
  },
});

// --- backups ------------------------------------------------------------------------------------------------

/** A confirmed, card-held booking in Kingston whose caregiver cancelled, and a verified backup at J$ 900. */
async function droppedWithBackup(app: FastifyInstance, db: Db) {
  const where = { location: 'Kingston', parish: 'Kingston' };
  const family = await signedIn(db, { userType: 'family', ...where });
  const carer = (rate: number) =>
    signedInCaregiver(db, {
      hourlyRate: rate,
      kinds: ['senior-care'],
      user: { ...where, lastName: 'Brown' },
    });
  const cg = await carer(1000);
  const backup = await carer(900);
  await createApprovedVerification(db, cg.user.id);
  await createApprovedVerification(db, backup.user.id);
  const made = await requestBooking(
    app,
    family.headers,
    panelBody(cg.caregiver.id, daysAhead(2), '9:00 AM', 4),
  );
  expect(made.statusCode, made.body).toBe(201);
  const bookingId = made.json().id as number;
  await payByCard(app, family, bookingId);
  await ok(call(app, 'POST', `/api/bookings/${bookingId}/accept`, cg)());
  await ok(call(app, 'POST', `/api/bookings/${bookingId}/cancel`, cg, {})());
  return { family, backup, bookingId };
}

registerMoneyScenario({
  name: 'one-tap rebook with a backup (the hold moves and is lowered once)',
  covers: 'POST /api/bookings/:id/rebook',
  // One move is two balanced postings by design (ADR 0034): out of the dropped booking, into the backup's.
  expect: { resizes: 1, ledgerTxns: 2 },
  async setup(app, db) {
    const d = await droppedWithBackup(app, db);
    return call(app, 'POST', `/api/bookings/${d.bookingId}/rebook`, d.family, {
      caregiverId: d.backup.caregiver.id,
    });
  },
});

registerMoneyScenario({
  name: 'job payments.backup-holds: a kept hold nobody rebooked is released in full',
  covers: 'job:payments.backup-holds',
  expect: { voids: 1, ledgerTxns: 1 },
  async setup(app, db) {
    await droppedWithBackup(app, db);
    return jobRun(
      app,
      'payments.backup-holds',
      new Date(Date.now() + HOLD_WINDOW.maxMs + 12 * 3_600_000 + 60_000),
    );
  },
});

// --- payouts and jobs ---------------------------------------------------------------------------------------

registerMoneyScenario({
  name: 'an admin runs the payouts now (one caregiver with J$ 2,000 available)',
  covers: 'POST /api/admin/jobs/:name/run',
  expect: { ledgerTxns: 1 },
  async setup(app, db) {
    await earned(app, db);
    const admin = await signedIn(db, { userType: 'admin' });
    return call(app, 'POST', '/api/admin/jobs/payouts/run', admin, { asOf: payday().toISOString() });
  },
});

registerMoneyScenario({
  name: 'job payouts.friday: one caregiver with J$ 2,000 available',
  covers: 'job:payouts.friday',
  expect: { ledgerTxns: 1 },
  async setup(app, db) {
    await earned(app, db);
    return jobRun(app, 'payouts.friday', payday());
  },
});

registerMoneyScenario({
  name: 'job bookings.lifecycle: a paid booking completed 24 h after its end (captured)',
  covers: 'job:bookings.lifecycle',
  expect: { captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const r = await paid(app, db, { accept: true });
    await shiftBooking(db, r.bookingId, new Date(Date.now() - 30 * HOUR));
    return jobRun(app, 'bookings.lifecycle', new Date());
  },
});

registerMoneyScenario({
  name: 'job series.visit-holds: a confirmed series visit 40 h ahead, held on the saved card (series accepted by 20 taps at once first)',
  covers: 'job:series.visit-holds',
  expect: { holds: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const s = await series(app, db, 1);
    await saveCard(app, s.family);
    const accepts = await Promise.all(
      Array.from({ length: 20 }, () => call(app, 'POST', `/api/booking-series/${s.id}/accept`, s.cg)()),
    );
    expect(accepts.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(accepts.every((a) => a.statusCode < 500)).toBe(true);
    const [visit] = await db.select().from(bookings).where(eq(bookings.id, s.visitIds[0]));
    return jobRun(app, 'series.visit-holds', new Date(visit.startsAt.getTime() - 40 * HOUR));
  },
});

registerMoneyScenario({
  name: 'job plans.renewals: a Family Plan renewed on its anniversary',
  covers: 'job:plans.renewals',
  expect: { holds: 1, captures: 1, ledgerTxns: 1 },
  async setup(app, db) {
    const family = await subscribed(app, db, 'family');
    const [s] = await db.select().from(subscriptions).where(eq(subscriptions.userId, family.user.id));
    return jobRun(app, 'plans.renewals', new Date(s.currentPeriodEnd.getTime() + 60_000));
  },
});
