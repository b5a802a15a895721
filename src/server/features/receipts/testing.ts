import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import { fxRates, ledgerEntries, payments, payouts, subscriptionCharges, tips } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { signedIn, signedInCaregiver } from '../../test/sign-in';

/** Test helpers for receipts (not used by the app). */

const HOUR = 3_600_000;

/**
 * A family in Toronto (reads CAD; rate C$ 113.60 of 3 Dec 2026) with, in the day before `now`: a completed
 * 4-hour visit with Andrea Clarke charged J$ 6,300 on a Visa ending 4242 (fee J$ 300), a J$ 1,000 tip on it,
 * a bank transfer of J$ 4,200 for a declined booking refunded in full, and a Family Plan charge of J$ 999;
 * Andrea's payout of J$ 6,000 to NCB ending 6789 that Friday. Also: another family, another caregiver, an admin.
 */
export async function receiptScenario(db: Tx, now: Date) {
  const family = await signedIn(db, {
    userType: 'family',
    firstName: 'Simone',
    lastName: 'Reid',
    currency: 'CAD',
  });
  const otherFamily = await signedIn(db, { userType: 'family' });
  const admin = await signedIn(db, { userType: 'admin' });
  const caregiver = await signedInCaregiver(db, { user: { firstName: 'Andrea', lastName: 'Clarke' } });
  const otherCaregiver = await signedInCaregiver(db);
  const at = (hoursBefore: number) => new Date(now.getTime() - hoursBefore * HOUR);

  const visit = await createBooking(db, {
    familyId: family.user.id,
    caregiverId: caregiver.caregiver.id,
    date: '2026-12-01',
    hours: 4,
    status: 'completed',
  });
  const [charge] = await db
    .insert(payments)
    .values({
      bookingId: visit.id,
      familyId: family.user.id,
      method: 'card',
      status: 'captured',
      amount: '6300.00',
      capturedAmount: '6300.00',
      cardBrand: 'visa',
      cardLast4: '4242',
      idempotencyKey: `receipt-test-${randomUUID()}`,
      requestHash: 'test',
      updatedAt: at(70),
    })
    .returning();
  const captureTxn = randomUUID();
  await db.insert(ledgerEntries).values([
    {
      txnId: captureTxn,
      account: 'booking_hold',
      kind: 'capture',
      amount: '-6300.00',
      bookingId: visit.id,
      paymentId: charge.id,
      familyId: family.user.id,
      createdAt: at(70),
    },
    {
      txnId: captureTxn,
      account: 'platform_revenue',
      kind: 'platform_fee',
      amount: '300.00',
      bookingId: visit.id,
      paymentId: charge.id,
      familyId: family.user.id,
      createdAt: at(70),
    },
    {
      txnId: captureTxn,
      account: 'caregiver_payable',
      kind: 'caregiver_earning',
      amount: '6000.00',
      bookingId: visit.id,
      paymentId: charge.id,
      familyId: family.user.id,
      caregiverId: caregiver.caregiver.id,
      createdAt: at(70),
    },
  ]);
  const [tip] = await db
    .insert(tips)
    .values({
      bookingId: visit.id,
      payerId: family.user.id,
      caregiverId: caregiver.caregiver.id,
      amount: '1000.00',
      cardBrand: 'visa',
      cardLast4: '4242',
      providerRef: 'test-tip',
      idempotencyKey: `receipt-test-${randomUUID()}`,
      requestHash: 'test',
      createdAt: at(20),
    })
    .returning();

  const declined = await createBooking(db, {
    familyId: family.user.id,
    caregiverId: caregiver.caregiver.id,
    date: '2026-12-08',
    hours: 2,
    hourlyRate: 2000,
    status: 'declined',
  });
  const [transfer] = await db
    .insert(payments)
    .values({
      bookingId: declined.id,
      familyId: family.user.id,
      method: 'bank',
      status: 'refunded',
      amount: '4200.00',
      refundedAmount: '4200.00',
      idempotencyKey: `receipt-test-${randomUUID()}`,
      requestHash: 'test',
    })
    .returning();
  const refundTxn = randomUUID();
  const [, refund] = await db
    .insert(ledgerEntries)
    .values([
      {
        txnId: refundTxn,
        account: 'booking_hold',
        kind: 'refund',
        amount: '-4200.00',
        bookingId: declined.id,
        paymentId: transfer.id,
        familyId: family.user.id,
        createdAt: at(10),
      },
      {
        txnId: refundTxn,
        account: 'family_source',
        kind: 'refund',
        amount: '4200.00',
        bookingId: declined.id,
        paymentId: transfer.id,
        familyId: family.user.id,
        createdAt: at(10),
      },
    ])
    .returning();

  const [plan] = await db
    .insert(subscriptionCharges)
    .values({
      userId: family.user.id,
      plan: 'family',
      kind: 'first',
      status: 'paid',
      amount: '999.00',
      providerRef: 'test-plan',
      periodStart: at(5),
      periodEnd: new Date(at(5).getTime() + 30 * 24 * HOUR),
      createdAt: at(5),
    })
    .returning();
  const [payout] = await db
    .insert(payouts)
    .values({
      caregiverId: caregiver.caregiver.id,
      payoutDate: '2026-12-04',
      amount: '6000.00',
      bankName: 'NCB',
      accountLast4: '6789',
      createdAt: at(1),
    })
    .returning();

  await db
    .insert(fxRates)
    .values({ currency: 'CAD', jmdPerUnit: '113.6000', rateDate: '2026-12-03' })
    .onConflictDoNothing();

  return {
    family,
    otherFamily,
    admin,
    caregiver,
    otherCaregiver,
    visit,
    numbers: {
      charge: `YC-C-${String(charge.id).padStart(6, '0')}`,
      tip: `YC-T-${String(tip.id).padStart(6, '0')}`,
      refund: `YC-R-${String(refund.id).padStart(6, '0')}`,
      plan: `YC-P-${String(plan.id).padStart(6, '0')}`,
      payout: `YC-O-${String(payout.id).padStart(6, '0')}`,
    },
  };
}
