import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { PAYMENT_MESSAGES } from '../../../shared/contracts/payments';
import {
  PLAN_MESSAGES,
  type PlanBillingHistory,
  type PlanChargeRefundResult,
  type PlanChargeRefundView,
  type RefundPlanChargeRequest,
} from '../../../shared/contracts/plans';
import { formatJmdExact as amount, centsToDecimal, toCents } from '../../../shared/money';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { PaymentProvider } from '../../adapters/payments';
import { ledger } from '../../core/ledger/service';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { billingNotice, longDate, planName } from './notices';
import { type ChargeRow, planRepo, type RefundRow } from './repo';

type Actor = Pick<SessionUser, 'id' | 'userType'>;
type RefundInput = z.output<typeof RefundPlanChargeRequest>;

export interface PlanRefundDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

/** A twin request with the same key committed first: answer its refund. */
class KeyTaken extends Error {}

/** The provider's idempotency key of one refund intent (ADR 0054): the charge and the admin's key. */
export const planRefundProviderKey = (chargeId: number, key: string) =>
  `plan-charge:${chargeId}:refund:${key}`;

const requestHash = (chargeId: number, input: RefundInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([chargeId, input.amount === undefined ? null : toCents(input.amount), input.reason]),
    )
    .digest('hex');

export const toRefundView = (r: RefundRow): PlanChargeRefundView => ({
  id: r.id,
  chargeId: r.chargeId,
  amount: r.amount,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

/** What is left to refund of a charge (cents): charged minus everything refunded so far, never below 0. */
export const refundableCents = (c: Pick<ChargeRow, 'status' | 'amount' | 'refundedAmount'>) =>
  c.status === 'paid' ? Math.max(0, toCents(c.amount) - toCents(c.refundedAmount)) : 0;

const resultOf = (refund: RefundRow, charge: ChargeRow): PlanChargeRefundResult => ({
  refund: toRefundView(refund),
  charge: {
    id: charge.id,
    amount: charge.amount,
    refundedAmount: charge.refundedAmount,
    refundableAmount: centsToDecimal(refundableCents(charge)),
  },
});

/**
 * Refunds of plan charges (issue 34, ADR 0054). Only admins refund; a charge gives back at most what was
 * charged minus what was refunded before (the one-step cancel refunds nothing, ADR 0037, so whatever a
 * refund came from, the charge's `refunded_amount` is the one total). Each refund is one intent named by the
 * admin's Idempotency-Key: the charge row is locked for the whole request, so parallel copies run one after
 * another and each after the first answers the first refund; the provider's key is derived from the intent.
 * The money goes from platform revenue back to the family's card in one ledger transaction, and the
 * subscriber hears of it (in-app and by e-mail, like every billing notice).
 */
export function createPlanRefunds(deps: PlanRefundDeps) {
  const { db, provider, mailer, publicUrl, now } = deps;

  async function replay(r: RefundRow, hash: string) {
    if (r.requestHash !== hash) throw conflict(PAYMENT_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
    const charge = await planRepo.findCharge(db, r.chargeId);
    if (!charge) throw notFound(PLAN_MESSAGES.chargeNotFound);
    return { result: resultOf(r, charge), replayed: true as const };
  }

  async function refundIn(
    tx: Tx,
    actor: Actor,
    chargeId: number,
    key: string,
    hash: string,
    input: RefundInput,
    mails: Mail[],
  ) {
    const charge = await planRepo.lockCharge(tx, chargeId);
    if (!charge) throw notFound(PLAN_MESSAGES.chargeNotFound);
    // A twin with this key may have committed while we waited for the charge's lock.
    if (await planRepo.refundByKey(tx, chargeId, key)) throw new KeyTaken();
    if (charge.status !== 'paid' || !charge.providerRef) throw conflict(PLAN_MESSAGES.notRefundable);
    const left = refundableCents(charge);
    if (left === 0) throw conflict(PLAN_MESSAGES.fullyRefunded, 'REFUND_EXCEEDS_CHARGE');
    const cents = input.amount === undefined ? left : toCents(input.amount);
    if (cents <= 0)
      throw badRequest(PLAN_MESSAGES.refundTooLow, [{ path: 'amount', message: PLAN_MESSAGES.refundTooLow }]);
    if (cents > left) {
      const message = PLAN_MESSAGES.refundTooHigh(centsToDecimal(left));
      throw new AppError(409, message, {
        code: 'REFUND_EXCEEDS_CHARGE',
        errors: [{ path: 'amount', message }],
      });
    }
    const at = now();
    try {
      await provider.refund(charge.providerRef, cents, planRefundProviderKey(charge.id, key));
    } catch {
      // Nothing is written: the same request again asks the provider with the same key.
      throw new AppError(
        502,
        'The payment provider did not take the refund. Nothing was refunded; try again.',
      );
    }
    const txnId = await ledger.post(tx, {
      at,
      lines: [
        { account: 'platform_revenue', kind: 'refund', amount: -cents, familyId: charge.userId },
        { account: 'family_source', kind: 'refund', amount: cents, familyId: charge.userId },
      ],
    });
    const refund = await planRepo.insertRefund(tx, {
      chargeId: charge.id,
      userId: charge.userId,
      amount: centsToDecimal(cents),
      reason: input.reason,
      actorId: actor.id,
      idempotencyKey: key,
      requestHash: hash,
      ledgerTxnId: txnId || null,
      createdAt: at,
    });
    const updated = await planRepo.setRefunded(
      tx,
      charge.id,
      centsToDecimal(toCents(charge.refundedAmount) + cents),
    );
    const title = `We refunded ${amount(cents)} of your ${planName(charge.plan)} charge`;
    const body = `We refunded ${amount(cents)} of the ${planName(charge.plan)} charge of ${longDate(charge.createdAt)} to the card it was paid with. Reason: ${input.reason}. Your bank may take a few days to show it.`;
    mails.push(...(await billingNotice(tx, charge.userId, 'refunded', title, body, publicUrl)));
    return resultOf(refund, updated);
  }

  return {
    /** POST /api/admin/plans/charges/{id}/refund. Requires an Idempotency-Key: a repeat answers the first. */
    async refund(actor: Actor, chargeId: number, key: string | undefined, input: RefundInput) {
      if (actor.userType !== 'admin') throw forbidden();
      if (!key || key.length > 200 || !/^[\w\-:.]+$/.test(key))
        throw badRequest(PAYMENT_MESSAGES.idempotencyKey, 'IDEMPOTENCY_KEY_REQUIRED');
      const hash = requestHash(chargeId, input);
      const existing = await planRepo.refundByKey(db, chargeId, key);
      if (existing) return replay(existing, hash);
      const mails: Mail[] = [];
      let result: PlanChargeRefundResult;
      try {
        result = await db.transaction((tx) => refundIn(tx, actor, chargeId, key, hash, input, mails));
      } catch (err) {
        if (err instanceof KeyTaken || isUniqueViolation(err, 'plan_charge_refunds_key')) {
          const first = await planRepo.refundByKey(db, chargeId, key);
          if (first) return replay(first, hash);
        }
        throw err;
      }
      for (const m of mails) await mailer.send(m).catch(() => undefined);
      return { result, replayed: false as const };
    },

    /** GET /api/subscriptions/me/charges: the family's plan charges, newest first, with their refunds. */
    async history(actor: Actor): Promise<PlanBillingHistory> {
      if (actor.userType !== 'family') throw forbidden('Plans are for family accounts.');
      const charges = await planRepo.charges(db, actor.id);
      const refunds = await planRepo.refundsOf(db, { chargeIds: charges.map((c) => c.id) });
      return {
        charges: charges.map((c) => ({
          id: c.id,
          plan: c.plan,
          kind: c.kind,
          status: c.status,
          amount: c.amount,
          refundedAmount: c.refundedAmount,
          periodStart: c.periodStart?.toISOString() ?? null,
          periodEnd: c.periodEnd?.toISOString() ?? null,
          createdAt: c.createdAt.toISOString(),
          refunds: refunds.filter((r) => r.chargeId === c.id).map(toRefundView),
        })),
      };
    },
  };
}

/**
 * The plans feature's refund records for other features (receipts, issue 34): a port offered through the
 * front door, reading in the caller's transaction. Amounts are JMD numeric strings.
 */
export const planRefundRecords = {
  /** The refunds of the given plan charges, oldest first. */
  async forCharges(tx: Tx, chargeIds: number[]): Promise<PlanChargeRefundView[]> {
    return (await planRepo.refundsOf(tx, { chargeIds })).map(toRefundView);
  },
  /** Every refund of a user's plan charges, oldest first. */
  async forUser(tx: Tx, userId: number): Promise<PlanChargeRefundView[]> {
    return (await planRepo.refundsOf(tx, { userId })).map(toRefundView);
  },
};
