import {
  parseReceiptNumber,
  RECEIPTS_PAGE_SIZE,
  type ReceiptList,
  type ReceiptView,
} from '../../../shared/contracts/receipts';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { notFound } from '../../errors';
import type { ReceiptDeps } from './context';
import { composeReceipt, type ReceiptSide, summaryOf } from './receipt';
import { receiptPdf } from './receipt-pdf';
import { type ReceiptIndexRow, type ReceiptReader, receiptRepo } from './repo';

export type { ReceiptDeps } from './context';

/** A receipt's e-mail goes out for money moved in the last this many hours (a new server mails no history). */
export const RECEIPT_MAIL_LOOKBACK_HOURS = 72;
/** Receipts mailed per job run at most; the next run takes the rest. */
export const RECEIPT_MAILS_PER_RUN = 200;

export const RECEIPT_NOT_FOUND = 'We could not find that receipt.';

interface Actor {
  id: number;
  userType: string;
  currency?: string;
}

/**
 * Receipts (issue 34, ADR 0055): every booking charge, tip, plan charge, refund and payout, numbered from its
 * record, as JSON for the page, as a PDF, and e-mailed once to the payer (the caregiver for a payout) by their
 * preferences. Who may read one is decided from the record; anyone else gets the same 404 as for no receipt.
 */
export function createReceiptService(deps: ReceiptDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function readerOf(tx: Tx, actor: Actor): Promise<ReceiptReader> {
    const circleIds: number[] = [];
    if (actor.userType === 'family') {
      for (const id of await deps.circles.circleIdsOf(tx, actor.id))
        if ((await deps.circles.decide(tx, id, actor.id, 'viewStatement')) === 'allowed') circleIds.push(id);
    }
    const caregiverId = actor.userType === 'caregiver' ? await receiptRepo.caregiverIdOf(tx, actor.id) : null;
    return { userId: actor.id, circleIds, caregiverId };
  }

  /** How `actor` reads receipt `r`, or undefined: not theirs (404). */
  async function sideOf(tx: Tx, actor: Actor, r: ReceiptIndexRow): Promise<ReceiptSide | undefined> {
    if (actor.userType === 'admin') return 'admin';
    if (r.kind === 'payout') {
      if (actor.userType !== 'caregiver') return undefined;
      return r.caregiverId !== null && r.caregiverId === (await receiptRepo.caregiverIdOf(tx, actor.id))
        ? 'caregiver'
        : undefined;
    }
    if (r.payerId === actor.id) return 'payer';
    if (r.kind === 'plan') return undefined;
    if (actor.userType === 'family' && r.circleId !== null) {
      const decision = await deps.circles.decide(tx, r.circleId, actor.id, 'viewStatement');
      return decision === 'allowed' ? 'circle' : undefined;
    }
    if (actor.userType === 'caregiver' && r.caregiverId !== null)
      return r.caregiverId === (await receiptRepo.caregiverIdOf(tx, actor.id)) ? 'caregiver' : undefined;
    return undefined;
  }

  return {
    /** GET /api/receipts: the actor's receipts, newest first, a page at a time. */
    async list(actor: Actor, page: number): Promise<ReceiptList> {
      return db.transaction(async (tx) => {
        const reader = await readerOf(tx, actor);
        const { rows, total } = await receiptRepo.list(
          tx,
          reader,
          RECEIPTS_PAGE_SIZE,
          (page - 1) * RECEIPTS_PAGE_SIZE,
        );
        return { receipts: rows.map(summaryOf), page, pageSize: RECEIPTS_PAGE_SIZE, total };
      });
    },

    /** GET /api/receipts/:number: one receipt as the actor may read it; 404 for anyone else. */
    async get(actor: Actor, number: string): Promise<ReceiptView> {
      const parsed = parseReceiptNumber(number);
      if (!parsed) throw notFound(RECEIPT_NOT_FOUND);
      return db.transaction(async (tx) => {
        const r = await receiptRepo.find(tx, parsed.kind, parsed.id);
        const side = r && (await sideOf(tx, actor, r));
        if (!r || !side) throw notFound(RECEIPT_NOT_FOUND);
        return composeReceipt(tx, r, side, { currency: actor.currency }, await deps.fxRates.rates(tx));
      });
    },

    pdf: receiptPdf,

    /**
     * Queues the receipt e-mail of every charge, tip, plan charge, refund and payout of the last
     * RECEIPT_MAIL_LOOKBACK_HOURS not mailed yet: one notice per receipt and recipient (the payer; the
     * caregiver for a payout), claimed in the same transaction, so two runs or instances never queue it
     * twice. The outbox applies the recipient's preferences (booking e-mails) and quiet hours.
     */
    async mailDue(at: Date = now(), signal?: AbortSignal): Promise<{ queued: number }> {
      const from = new Date(at.getTime() - RECEIPT_MAIL_LOOKBACK_HOURS * 3_600_000);
      const due = await receiptRepo.unmailed(db, from, at, RECEIPT_MAILS_PER_RUN);
      let queued = 0;
      for (const r of due) {
        if (signal?.aborted) break;
        const mails = await db.transaction(async (tx): Promise<Mail[]> => {
          if (!(await receiptRepo.claimMail(tx, { number: r.number, userId: r.recipientId, queuedAt: at })))
            return [];
          const to = await receiptRepo.person(tx, r.recipientId);
          if (!to) return [];
          const side: ReceiptSide = r.kind === 'payout' ? 'caregiver' : 'payer';
          const view = await composeReceipt(tx, r, side, to, await deps.fxRates.rates(tx));
          queued += 1;
          return deps.notices.queue(tx, receiptNotice(view, to, deps.publicUrl), at);
        });
        for (const m of mails) await deps.mailer.send(m).catch(() => undefined);
      }
      return { queued };
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

/** The receipt e-mail: every row of the receipt, and where to see it and download the PDF. */
export function receiptNotice(
  v: ReceiptView,
  to: { id: number; email: string; first_name: string },
  publicUrl: string,
) {
  const title = `Receipt ${v.number}: ${v.title.toLowerCase()}, ${v.amountText}`;
  const body = `Your receipt ${v.number} for ${v.amountText} (${v.detail}) is ready.`;
  const url = `${publicUrl}/receipts/${v.number}`;
  return {
    userId: to.id,
    email: to.email,
    kind: 'payment.receipt',
    title,
    body,
    link: `/receipts/${v.number}`,
    mail: {
      subject: `YaadCare receipt ${v.number}: ${v.amountText}`,
      text: [
        `Hi ${to.first_name},`,
        '',
        `Here is your receipt: ${v.title}.`,
        '',
        ...v.rows.map((r) => `${r.label}: ${r.value}`),
        ...(v.items.length ? ['', 'Included:', ...v.items.map((i) => `- ${i.label}: ${i.value}`)] : []),
        '',
        `See it or download the PDF (sign in first): ${url}`,
        '',
        `You can turn booking e-mails off in your settings: ${publicUrl}/settings`,
        '',
        '— YaadCare',
      ].join('\n'),
    },
  };
}
