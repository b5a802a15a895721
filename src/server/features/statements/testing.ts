import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { fxRates, ledgerEntries, payments } from '../../db/schema';
import { createBooking, createCaregiver } from '../../test/factories';
import { signedIn } from '../../test/sign-in';
import { createCircle, join } from '../circles/testing';

/** Test helpers for statements (not used by the app). */

let keys = 0;
async function pay(
  db: Tx,
  bookingId: number,
  familyId: number,
  status: 'captured' | 'authorized',
  amount: string,
) {
  keys += 1;
  await db.insert(payments).values({
    bookingId,
    familyId,
    method: 'card',
    status,
    amount,
    capturedAmount: status === 'captured' ? amount : '0',
    cardBrand: 'visa',
    cardLast4: '4242',
    idempotencyKey: `statement-test-${keys}-${randomUUID()}`,
    requestHash: 'test',
  });
}

/**
 * A circle with a coordinator (reads USD), two payers (Simone in Toronto, CAD; Marcia in London, GBP, for
 * which no rate is kept), a viewer, and bookings in and around November 2026 in every state a statement
 * must count or leave out. Rates: US$ 157.85 and C$ 113.60, dated 30 Nov 2026.
 *
 * Counted in November: 3 Nov completed (4 h × 1,500, charged), 10 Nov confirmed (2 h × 2,000, card held),
 * 30 Nov 8–11 PM pending (3 h × 1,000; 1 Dec in UTC), 17 Nov cancelled late (fee 3,000, nothing paid).
 * Total J$ 16,650: subtotal 16,000, fees 650; 9 hours.
 */
export async function statementScenario(app: FastifyInstance, db: Tx) {
  const coordinator = await signedIn(db, { userType: 'family', firstName: 'Devon', currency: 'USD' });
  const circle = await createCircle(app, coordinator);
  const payer = await join(app, db, circle.id, coordinator, 'payer', {
    firstName: 'Simone',
    timeZone: 'America/Toronto',
    currency: 'CAD',
  });
  const payer2 = await join(app, db, circle.id, coordinator, 'payer', {
    firstName: 'Marcia',
    timeZone: 'Europe/London',
    currency: 'GBP',
  });
  const viewer = await join(app, db, circle.id, coordinator, 'viewer');
  const stranger = await signedIn(db, { userType: 'family' });
  const other = await createCircle(app, stranger);

  // A name that a spreadsheet would run as a formula, with a comma and quotes to escape.
  const a = await createCaregiver(db, {
    user: { firstName: '=HYPERLINK("http://evil.test")', lastName: 'Brown, RN' },
  });
  const b = await createCaregiver(db, { user: { firstName: 'Andrea', lastName: 'Clarke' } });
  const base = { familyId: coordinator.user.id, circleId: circle.id };
  const A = a.caregiver.id;
  const B = b.caregiver.id;

  const completed = await createBooking(db, {
    ...base,
    caregiverId: A,
    date: '2026-11-03',
    hours: 4,
    status: 'completed',
  });
  await pay(db, completed.id, payer.user.id, 'captured', '6300.00');
  const confirmed = await createBooking(db, {
    ...base,
    caregiverId: B,
    date: '2026-11-10',
    startHour: 13,
    hourlyRate: 2000,
    status: 'confirmed',
    approvalState: 'approved',
  });
  await pay(db, confirmed.id, payer.user.id, 'authorized', '4200.00');
  const pending = await createBooking(db, {
    ...base,
    caregiverId: B,
    date: '2026-11-30',
    startHour: 20,
    hours: 3,
    hourlyRate: 1000,
    status: 'pending',
    approvalState: 'approved',
  });
  const late = await createBooking(db, {
    ...base,
    caregiverId: A,
    date: '2026-11-17',
    hours: 4,
    status: 'cancelled',
    cancelledBy: coordinator.user.id,
  });
  const txnId = randomUUID();
  await db.insert(ledgerEntries).values([
    {
      txnId,
      account: 'family_receivable',
      kind: 'capture',
      amount: '-3000.00',
      bookingId: late.id,
      familyId: coordinator.user.id,
    },
    {
      txnId,
      account: 'caregiver_payable',
      kind: 'late_cancellation_fee',
      amount: '3000.00',
      bookingId: late.id,
      familyId: coordinator.user.id,
      caregiverId: A,
    },
  ]);

  // Left out: a free cancellation, awaiting or refused approval, expired, other months, another circle, the
  // coordinator's own household.
  const left = [
    await createBooking(db, { ...base, caregiverId: A, date: '2026-11-18', status: 'cancelled' }),
    await createBooking(db, {
      ...base,
      caregiverId: B,
      date: '2026-11-19',
      status: 'awaiting_approval',
      approvalState: 'awaiting',
    }),
    await createBooking(db, {
      ...base,
      caregiverId: B,
      date: '2026-11-20',
      status: 'declined',
      approvalState: 'declined',
    }),
    await createBooking(db, { ...base, caregiverId: B, date: '2026-11-21', status: 'expired' }),
    await createBooking(db, { ...base, caregiverId: A, date: '2026-10-31', status: 'completed' }),
    await createBooking(db, { ...base, caregiverId: A, date: '2026-12-01', status: 'confirmed' }),
    await createBooking(db, {
      familyId: stranger.user.id,
      circleId: other.id,
      caregiverId: B,
      date: '2026-11-24',
      status: 'completed',
    }),
    await createBooking(db, {
      familyId: coordinator.user.id,
      caregiverId: B,
      date: '2026-11-25',
      status: 'completed',
    }),
  ];

  await db
    .insert(fxRates)
    .values([
      { currency: 'USD', jmdPerUnit: '157.8500', rateDate: '2026-11-30' },
      { currency: 'CAD', jmdPerUnit: '113.6000', rateDate: '2026-11-30' },
    ])
    .onConflictDoNothing();

  return {
    circleId: circle.id,
    otherCircleId: other.id,
    coordinator,
    payer,
    payer2,
    viewer,
    stranger,
    /** In start order. */
    counted: [completed, confirmed, late, pending],
    left,
  };
}
