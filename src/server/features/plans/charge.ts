import { centsToDecimal } from '../../../shared/money';
import type { PaidPlanId } from '../../../shared/pricing';
import type { AuthorizeResult, PaymentProvider } from '../../adapters/payments';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import { type ChargeRow, planRepo } from './repo';

export interface CardToCharge {
  id: number;
  providerRef: string;
  last4: string;
}

/** Charges a saved card in full at once (authorize, then capture): a plan is paid in advance. */
export async function chargeCard(
  provider: PaymentProvider,
  card: CardToCharge,
  cents: number,
  idempotencyKey: string,
): Promise<AuthorizeResult> {
  const result = await provider.authorize({
    amountCents: cents,
    method: 'card',
    savedMethodRef: card.providerRef,
    idempotencyKey,
  });
  // The capture's key is the authorization's, so a retried charge captures once (ADR 0041).
  if (result.ok) await provider.capture(result.providerRef, cents, `${idempotencyKey}:capture`);
  return result;
}

/**
 * Records a charge's outcome in `tx`: the charge row, and for a paid one its ledger posting (from the
 * family's card to platform revenue), so the money shows in the ledger like every other movement.
 */
export async function recordCharge(
  tx: Tx,
  input: {
    subscriptionId: number | null;
    userId: number;
    plan: PaidPlanId;
    kind: 'first' | 'renewal' | 'upgrade';
    cents: number;
    result: AuthorizeResult;
    period?: { start: Date; end: Date };
    at: Date;
  },
): Promise<ChargeRow> {
  const { result, cents, at } = input;
  const txnId = result.ok
    ? await ledger.post(tx, {
        at,
        lines: [
          { account: 'family_source', kind: 'subscription', amount: -cents, familyId: input.userId },
          { account: 'platform_revenue', kind: 'subscription', amount: cents, familyId: input.userId },
        ],
      })
    : null;
  return planRepo.insertCharge(tx, {
    subscriptionId: input.subscriptionId,
    userId: input.userId,
    plan: input.plan,
    kind: input.kind,
    status: result.ok ? 'paid' : 'declined',
    amount: centsToDecimal(cents),
    providerRef: result.ok ? result.providerRef : null,
    failureMessage: result.ok ? null : result.message,
    ledgerTxnId: txnId || null,
    periodStart: input.period?.start ?? null,
    periodEnd: input.period?.end ?? null,
    createdAt: at,
  });
}
