import { createHash, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { addJamaicaDays } from '../../../shared/contracts/payments';
import { centsToDecimal, toCents } from '../../../shared/money';
import { jamaicaToday } from '../../../shared/time';
import { type StoredOperation, writeSandboxOperations } from '../../adapters/payments-record';
import type { Tx } from '../../db/client';
import { bookings, ledgerEntries, payments, payouts } from '../../db/schema';
import type { PaymentCircleRules } from './ports';

const HOUR = 3_600_000;
type Entry = typeof ledgerEntries.$inferInsert;

/** The Friday before `today` (yyyy-MM-dd, Jamaica), never today itself. */
export function previousFriday(today: string): string {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 5 = Friday
  const back = (weekday - 5 + 7) % 7 || 7;
  return addJamaicaDays(today, -back);
}

/**
 * Money behind the demo bookings, as the real flow would have left it: completed bookings were paid
 * by card (a hosted-fields token; brand and last 4 kept) and captured (fee to us, subtotal to the caregiver), confirmed ones hold a card
 * authorization, and every caregiver was paid last Friday for what was available then. The ledger
 * balances; demo earnings and spending are real sums.
 */
export async function seedDemoMoney(
  tx: Tx,
  now: Date,
  /** The circles' members (circles' access, passed by the demo seed): a circle's bookings were paid by its payer. */
  circles: Pick<PaymentCircleRules, 'members'>,
): Promise<{ payments: number; payouts: number }> {
  const rows = await tx
    .select()
    .from(bookings)
    .where(inArray(bookings.status, ['completed', 'confirmed']));
  const entries: Entry[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  // A care circle's bookings were paid by its payer.
  const payerOf = new Map<number, number>();
  for (const circleId of new Set(rows.map((b) => b.circleId).filter((c): c is number => c !== null))) {
    const payer = (await circles.members(tx, circleId)).find((m) => m.roles.includes('payer'));
    if (payer) payerOf.set(circleId, payer.userId);
  }
  const paidBy = (b: (typeof rows)[number]) =>
    b.circleId === null ? b.familyId : (payerOf.get(b.circleId) ?? b.familyId);
  for (const b of rows) {
    paymentRows.push({
      bookingId: b.id,
      familyId: paidBy(b),
      method: 'card',
      status: b.status === 'completed' ? 'captured' : 'authorized',
      amount: b.totalCost,
      capturedAmount: b.status === 'completed' ? b.totalCost : '0',
      cardBrand: 'visa',
      cardLast4: '4242',
      providerRef: `sbx_demo_${b.id}`,
      // Paid through the hosted card fields: we keep the single-use token's hash, never a card number.
      cardTokenHash: createHash('sha256').update(`tok_sbx_demo_${b.id}`).digest('hex'),
      idempotencyKey: `demo-${b.id}`,
      requestHash: 'demo',
      createdAt: b.createdAt,
      updatedAt: b.completedAt ?? b.createdAt,
    });
  }
  const inserted: { id: number; bookingId: number }[] = [];
  for (let i = 0; i < paymentRows.length; i += 500) {
    inserted.push(
      ...(await tx
        .insert(payments)
        .values(paymentRows.slice(i, i + 500))
        .returning({ id: payments.id, bookingId: payments.bookingId })),
    );
  }
  const paymentOf = new Map(inserted.map((p) => [p.bookingId, p.id]));
  // The sandbox provider's record of the same payments (ADR 0041): reconciliation finds them agreeing.
  const operations: StoredOperation[] = [];
  for (const b of rows) {
    const providerRef = `sbx_demo_${b.id}`;
    const total = toCents(b.totalCost);
    operations.push({
      kind: 'authorize',
      providerRef,
      amountCents: total,
      idempotencyKey: `${paidBy(b)}:demo-${b.id}`,
      ok: true,
      outcome: { ok: true, providerRef, brand: 'visa', last4: '4242' },
      at: b.createdAt,
    });
    if (b.status === 'completed')
      operations.push({
        kind: 'capture',
        providerRef,
        amountCents: total,
        idempotencyKey: `payment:${paymentOf.get(b.id)}:capture`,
        ok: true,
        at: b.completedAt ?? b.endsAt,
      });
  }
  await writeSandboxOperations(tx, operations);
  const payday = previousFriday(jamaicaToday(now));
  const payoutAt = new Date(`${payday}T10:00:00-05:00`);
  const payable = new Map<number, number>();
  for (const b of rows) {
    const total = toCents(b.totalCost);
    const fee = toCents(b.platformFee);
    const base = { bookingId: b.id, paymentId: paymentOf.get(b.id), familyId: paidBy(b) };
    const auth = randomUUID();
    entries.push(
      {
        ...base,
        txnId: auth,
        account: 'family_source',
        kind: 'authorization',
        amount: centsToDecimal(-total),
        createdAt: b.createdAt,
      },
      {
        ...base,
        txnId: auth,
        account: 'booking_hold',
        kind: 'authorization',
        amount: centsToDecimal(total),
        createdAt: b.createdAt,
      },
    );
    if (b.status !== 'completed') continue;
    const at = b.completedAt ?? b.endsAt;
    const cap = randomUUID();
    entries.push(
      {
        ...base,
        txnId: cap,
        account: 'booking_hold',
        kind: 'capture',
        amount: centsToDecimal(-total),
        createdAt: at,
      },
      {
        ...base,
        txnId: cap,
        account: 'platform_revenue',
        kind: 'platform_fee',
        amount: centsToDecimal(fee),
        createdAt: at,
      },
      {
        ...base,
        txnId: cap,
        account: 'caregiver_payable',
        kind: 'caregiver_earning',
        amount: centsToDecimal(total - fee),
        caregiverId: b.caregiverId,
        createdAt: at,
      },
    );
    if (at.getTime() <= payoutAt.getTime() - 48 * HOUR) {
      payable.set(b.caregiverId, (payable.get(b.caregiverId) ?? 0) + total - fee);
    }
  }
  let payoutCount = 0;
  for (const [caregiverId, amount] of payable) {
    if (amount <= 0 || payoutAt.getTime() > now.getTime()) continue;
    const [p] = await tx
      .insert(payouts)
      .values({ caregiverId, payoutDate: payday, amount: centsToDecimal(amount), createdAt: payoutAt })
      .returning({ id: payouts.id });
    const txnId = randomUUID();
    entries.push(
      {
        txnId,
        account: 'caregiver_payable',
        kind: 'payout',
        amount: centsToDecimal(-amount),
        caregiverId,
        payoutId: p.id,
        createdAt: payoutAt,
      },
      {
        txnId,
        account: 'payout_sent',
        kind: 'payout',
        amount: centsToDecimal(amount),
        caregiverId,
        payoutId: p.id,
        createdAt: payoutAt,
      },
    );
    payoutCount++;
  }
  for (let i = 0; i < entries.length; i += 500) {
    await tx.insert(ledgerEntries).values(entries.slice(i, i + 500));
  }
  return { payments: paymentRows.length, payouts: payoutCount };
}
