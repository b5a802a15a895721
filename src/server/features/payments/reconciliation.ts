import type { z } from 'zod';
import {
  MISMATCH_KIND_LABELS,
  RECONCILIATION_MESSAGES,
  type ReconciliationMismatch,
  type ReconciliationMismatchesQuery,
  type ReconciliationMismatchList,
  type ReconciliationRunList,
  type ResolveMismatchRequest,
} from '../../../shared/contracts/reconciliation';
import { centsToDecimal, formatJmd, toCents } from '../../../shared/money';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { PaymentProvider, ProviderOperation } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { PaymentNotices } from './ports';
import { type MismatchRow, type NewMismatch, reconciliationRepo } from './reconciliation-repo';

/** What the provider's record says about one hold (cents). */
interface ProviderHold {
  authorized: number;
  captured: number;
  refunded: number;
  voided: boolean;
}

/** Folds the provider's operations into its holds, by reference (resizes change the held amount). */
export function providerHolds(ops: ProviderOperation[]): Map<string, ProviderHold> {
  const holds = new Map<string, ProviderHold>();
  const of = (ref: string) => {
    let h = holds.get(ref);
    if (!h) {
      h = { authorized: 0, captured: 0, refunded: 0, voided: false };
      holds.set(ref, h);
    }
    return h;
  };
  for (const op of [...ops].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (!op.providerRef || !op.ok) continue;
    const h = of(op.providerRef);
    if (op.kind === 'authorize' || op.kind === 'resize') h.authorized = op.amountCents;
    else if (op.kind === 'capture') h.captured += op.amountCents;
    else if (op.kind === 'refund') h.refunded += op.amountCents;
    else if (op.kind === 'void') h.voided = true;
  }
  return holds;
}

/** The family's money the provider holds or took for a hold, net of refunds (cents). */
export function providerOutflow(h: ProviderHold): number {
  if (h.captured > 0) return h.captured - h.refunded;
  if (h.voided) return -h.refunded;
  return h.authorized - h.refunded;
}

/** Whether the provider still holds money uncaptured for it. */
const isLive = (h: ProviderHold) => !h.voided && h.captured === 0;

/** What a payment row says the family paid or holds (cents), by its status. */
function paymentOutflow(p: { status: string; amount: string; capturedAmount: string }): number {
  if (p.status === 'authorized' || p.status === 'received') return toCents(p.amount);
  if (p.status === 'captured' || p.status === 'partially_refunded') return toCents(p.capturedAmount);
  return 0;
}

type Found = Omit<NewMismatch, 'fingerprint' | 'runId' | 'detectedAt'>;

/**
 * Compares the provider's record with ours and answers every difference (ADR 0041): payments (status and
 * amounts), the ledger's family outflow per payment, plan charges, bookings' state, and provider money we
 * have no record of.
 */
export async function compare(db: Db, ops: ProviderOperation[]): Promise<Found[]> {
  const holds = providerHolds(ops);
  const known = new Set<string>();
  const found: Found[] = [];
  const [paid, ledgerOut, charges, tipped] = await Promise.all([
    reconciliationRepo.providerPayments(db),
    reconciliationRepo.ledgerOutflowByPayment(db),
    reconciliationRepo.planCharges(db),
    reconciliationRepo.tips(db),
  ]);
  // Tips (ADR 0051): charged and captured at once; what the provider took must be the tip and its ledger's.
  for (const tip of tipped) {
    known.add(tip.providerRef);
    const refs = { providerRef: tip.providerRef, bookingId: tip.bookingId };
    const ours = toCents(tip.amount);
    const h = holds.get(tip.providerRef);
    if (!h) continue;
    const theirs = providerOutflow(h);
    if (theirs !== ours || Number(tip.ledgerCents) !== theirs)
      found.push({
        kind: theirs !== ours ? 'amount_differs' : 'ledger_differs',
        ...refs,
        providerCents: theirs,
        ourCents: theirs !== ours ? ours : Number(tip.ledgerCents),
        detail: `Tip ${tip.id} for booking ${tip.bookingId}: the provider took ${formatJmd(theirs)}, the tip says ${formatJmd(ours)} and its ledger ${formatJmd(Number(tip.ledgerCents))}.`,
      });
  }
  for (const p of paid) {
    const ours = paymentOutflow(p);
    const refs = { providerRef: p.providerRef, paymentId: p.id, bookingId: p.bookingId };
    if (p.providerRef) known.add(p.providerRef);
    const h = p.providerRef ? holds.get(p.providerRef) : undefined;
    if (!h) {
      if (ours !== 0)
        found.push({
          kind: 'hold_missing',
          ...refs,
          providerCents: null,
          ourCents: ours,
          detail: `Payment ${p.id} (${p.status}) for booking ${p.bookingId} has no authorization at the provider.`,
        });
      continue;
    }
    const theirs = providerOutflow(h);
    if (theirs !== ours)
      found.push({
        kind: 'amount_differs',
        ...refs,
        providerCents: theirs,
        ourCents: ours,
        detail: `Payment ${p.id} (${p.status}): the provider holds or took ${formatJmd(theirs)}, the payment says ${formatJmd(ours)}.`,
      });
    const ledger = ledgerOut.get(p.id) ?? 0;
    if (ledger !== theirs)
      found.push({
        kind: 'ledger_differs',
        ...refs,
        providerCents: theirs,
        ourCents: ledger,
        detail: `Payment ${p.id}: the ledger took ${formatJmd(ledger)} from the family, the provider ${formatJmd(theirs)}.`,
      });
    // A hold is for a booking still to happen (or kept for a backup after a cancellation, ADR 0034).
    const bookingOpen = ['pending', 'confirmed', 'cancelled'].includes(p.bookingStatus);
    if (p.status === 'authorized' && (!isLive(h) || !bookingOpen))
      found.push({
        kind: 'booking_state',
        ...refs,
        providerCents: theirs,
        ourCents: ours,
        detail: isLive(h)
          ? `Booking ${p.bookingId} is ${p.bookingStatus} but its card hold was neither captured nor released.`
          : `Booking ${p.bookingId} is ${p.bookingStatus} with a hold, which the provider already ${h.voided ? 'released' : 'captured'}.`,
      });
  }
  for (const c of charges) {
    if (!c.providerRef) continue;
    known.add(c.providerRef);
    const refs = { providerRef: c.providerRef, subscriptionChargeId: c.id };
    const ours = c.status === 'paid' ? toCents(c.amount) - toCents(c.refundedAmount) : 0;
    const h = holds.get(c.providerRef);
    if (!h) {
      found.push({
        kind: 'hold_missing',
        ...refs,
        providerCents: null,
        ourCents: ours,
        detail: `Plan charge ${c.id} has no charge at the provider.`,
      });
      continue;
    }
    const theirs = providerOutflow(h);
    if (theirs !== ours)
      found.push({
        kind: 'amount_differs',
        ...refs,
        providerCents: theirs,
        ourCents: ours,
        detail: `Plan charge ${c.id}: the provider took ${formatJmd(theirs)}, the charge says ${formatJmd(ours)}.`,
      });
    const ledger = Number(c.ledgerCents);
    if (ledger !== theirs)
      found.push({
        kind: 'ledger_differs',
        ...refs,
        providerCents: theirs,
        ourCents: ledger,
        detail: `Plan charge ${c.id}: the ledger took ${formatJmd(ledger)} from the family, the provider ${formatJmd(theirs)}.`,
      });
  }
  for (const [ref, h] of holds) {
    if (known.has(ref)) continue;
    const theirs = providerOutflow(h);
    // Authorized and released (or refunded in full) with nothing of ours: no money moved.
    if (theirs === 0) continue;
    found.push({
      kind: 'provider_unknown',
      providerRef: ref,
      providerCents: theirs,
      ourCents: 0,
      detail: `The provider ${isLive(h) ? 'holds' : 'took'} ${formatJmd(theirs)} under a reference we have no payment or plan charge for.`,
    });
  }
  return found;
}

const fingerprint = (f: Found) =>
  [
    f.kind,
    f.providerRef ?? '',
    f.paymentId ?? '',
    f.subscriptionChargeId ?? '',
    f.providerCents ?? '',
    f.ourCents ?? '',
  ].join('|');

const toCentsString = (c: number | null) => (c === null ? null : centsToDecimal(c));

function view(r: {
  m: MismatchRow;
  by: { id: number; firstName: string; lastName: string } | null;
}): ReconciliationMismatch {
  const { m } = r;
  return {
    id: m.id,
    kind: m.kind,
    providerRef: m.providerRef,
    paymentId: m.paymentId,
    bookingId: m.bookingId,
    subscriptionChargeId: m.subscriptionChargeId,
    providerAmount: toCentsString(m.providerCents),
    ourAmount: toCentsString(m.ourCents),
    detail: m.detail,
    detectedAt: m.detectedAt.toISOString(),
    state: m.state,
    resolvedBy: r.by ? { userId: r.by.id, firstName: r.by.firstName, lastName: r.by.lastName } : null,
    resolvedAt: m.resolvedAt?.toISOString() ?? null,
    note: m.note,
  };
}

export interface ReconciliationDeps {
  db: Db;
  provider: PaymentProvider;
  /** The notice mailer: alerts are rows of the delivery outbox (ADR 0033), dispatched after commit. */
  mailer: Mailer;
  /** The delivery outbox (notifications): the admins' alerts. */
  notices: PaymentNotices;
  publicUrl: string;
  /** Counts each run's new mismatches and the open ones (prom-client, when metrics are on). */
  onRun?: (newKinds: string[], open: number) => void;
  now?: () => Date;
}

export interface ReconciliationResult {
  runId: number;
  operations: number;
  found: number;
  newFound: number;
}

/** The daily reconciliation and the admins' money audit (ADR 0041). */
export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * One run at `at`: every operation the provider recorded until then, against our payments, ledger,
     * bookings and plan charges. New mismatches are stored (a difference already listed is not listed
     * again) and, if there are any, every admin is alerted once through the delivery outbox.
     */
    async run(at: Date): Promise<ReconciliationResult> {
      // Everything the provider recorded: our tables are read as they are now, so are its operations.
      const ops = await provider.listOperations({});
      const found = await compare(db, ops);
      const { result, mails, fresh } = await db.transaction(async (tx) => {
        const run = await reconciliationRepo.startRun(tx, at);
        const fresh = await reconciliationRepo.insertNew(
          tx,
          found.map((f) => ({ ...f, fingerprint: fingerprint(f), runId: run.id, detectedAt: at })),
        );
        const result = { runId: run.id, operations: ops.length, found: found.length, newFound: fresh.length };
        await reconciliationRepo.finishRun(tx, run.id, { ...result, at });
        const mails: Mail[] = [];
        if (fresh.length > 0) {
          const kinds = [...new Set(fresh.map((m) => MISMATCH_KIND_LABELS[m.kind]))].join('; ');
          const title = `Money audit: ${fresh.length} new mismatch${fresh.length === 1 ? '' : 'es'}`;
          const body = `The reconciliation with the payment provider found ${fresh.length} new mismatch${fresh.length === 1 ? '' : 'es'} (${kinds}). Review and resolve them in the money audit.`;
          for (const admin of await reconciliationRepo.admins(tx)) {
            mails.push(
              ...(await deps.notices.queue(
                tx,
                {
                  userId: admin.id,
                  email: admin.email,
                  kind: 'payment.reconciliation',
                  title,
                  body,
                  link: '/admin?tab=money-audit',
                  mail: {
                    subject: `YaadCare: ${title}`,
                    text: `${body}\n\n${deps.publicUrl}/admin?tab=money-audit`,
                  },
                },
                at,
              )),
            );
          }
        }
        return { result, mails, fresh };
      });
      deps.onRun?.(
        fresh.map((m) => m.kind),
        await reconciliationRepo.countOpen(db),
      );
      for (const m of mails) await deps.mailer.send(m).catch(() => undefined);
      return result;
    },

    async list(query: z.output<typeof ReconciliationMismatchesQuery>): Promise<ReconciliationMismatchList> {
      const rows = await reconciliationRepo.list(db, query.state);
      return { mismatches: rows.map(view), open: await reconciliationRepo.countOpen(db) };
    },

    async runs(): Promise<ReconciliationRunList> {
      const rows = await reconciliationRepo.runs(db);
      return {
        runs: rows.map((r) => ({
          id: r.id,
          startedAt: r.startedAt.toISOString(),
          finishedAt: r.finishedAt?.toISOString() ?? null,
          operations: r.operations,
          found: r.found,
          newFound: r.newFound,
        })),
      };
    },

    /** An admin resolves a mismatch with a note; who and when are kept. */
    async resolve(
      admin: Pick<SessionUser, 'id'>,
      id: number,
      input: z.output<typeof ResolveMismatchRequest>,
    ): Promise<ReconciliationMismatch> {
      await db.transaction(async (tx) => {
        const m = await reconciliationRepo.lock(tx, id);
        if (!m) throw notFound(RECONCILIATION_MESSAGES.notFound);
        if (m.state === 'resolved') throw conflict(RECONCILIATION_MESSAGES.alreadyResolved);
        await reconciliationRepo.resolve(tx, id, admin.id, input.note, now());
      });
      const row = await reconciliationRepo.one(db, id);
      if (!row) throw notFound(RECONCILIATION_MESSAGES.notFound);
      return view(row);
    },
  };
}
