import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  type CreateTipRequest,
  maxTipCents,
  PAYMENT_MESSAGES,
  TIP_MESSAGES,
  TIP_RULES,
  type TipView,
} from '../../../shared/contracts/payments';
import { centsToDecimal, formatJmd, toCents } from '../../../shared/money';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { PaymentProvider } from '../../adapters/payments';
import { ledger } from '../../core/ledger/service';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { PaymentBookings, PaymentCircleRules, PaymentNotices } from './ports';
import { savedCardRepo } from './saved-cards-repo';
import { type TipRow, tipRepo } from './tips-repo';

type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName'>;
type TipInput = z.output<typeof CreateTipRequest>;

const DAY = 86_400_000;

export interface TipDeps {
  db: Db;
  provider: PaymentProvider;
  /** The caregiver's "tip" e-mail (the outbox's due rows), sent after commit. */
  mailer: Mailer;
  publicUrl: string;
  /** The booking locked in the tip's transaction, and its parties (the caregiver's notice). */
  bookings: Pick<PaymentBookings, 'lock' | 'findWithParties'>;
  /** A care circle's booking is tipped by a payer of the circle (the circle policy: others 404/403). */
  circles: Pick<PaymentCircleRules, 'authorize'>;
  /** The delivery outbox: the caregiver hears of the tip in-app and on the channels they allow. */
  notices: PaymentNotices;
  now?: () => Date;
}

/** A declined tip: 402 with the provider's words (nothing is kept: the same key asks the provider again, which answers the same). */
export class TipDeclined extends AppError {
  constructor(message: string, failureCode: string) {
    super(402, message, {
      code: failureCode === 'insufficient_funds' ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    });
  }
}

class KeyTaken extends Error {}

export const toTipView = (t: TipRow): TipView => ({
  id: t.id,
  bookingId: t.bookingId,
  amount: t.amount,
  cardBrand: t.cardBrand,
  cardLast4: t.cardLast4,
  createdAt: t.createdAt.toISOString(),
});

/** When the tip window of a completed visit closes: 14 days after its end (completion, else scheduled end). */
export const tipDeadline = (b: { completedAt: Date | null; endsAt: Date }) =>
  new Date((b.completedAt ?? b.endsAt).getTime() + TIP_RULES.windowDays * DAY);

const requestHash = (bookingId: number, input: TipInput) =>
  createHash('sha256')
    .update(JSON.stringify([bookingId, toCents(input.amount), input.paymentMethodId]))
    .digest('hex');

/**
 * Tips after a completed visit (issue 34, ADR 0051). The booking row is locked for the whole request, so
 * concurrent tips for one booking run one at a time: the first charges and records; a twin with the same
 * Idempotency-Key answers the first tip (the provider is asked once per key), any other gets 409. The
 * card is charged (authorize + capture at once) with keys derived from the payer and the key, and the ledger
 * moves the whole amount from the payer's card to the caregiver's balance, paid on the next Friday payout.
 */
export function createTipService(deps: TipDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  function replay(t: TipRow, hash: string) {
    if (t.requestHash !== hash) throw conflict(PAYMENT_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
    return { tip: toTipView(t), replayed: true as const };
  }

  async function give(
    tx: Tx,
    actor: Actor,
    bookingId: number,
    key: string,
    hash: string,
    input: TipInput,
    mails: Mail[],
  ) {
    const at = now();
    const booking = await deps.bookings.lock(tx, bookingId);
    if (!booking) throw notFound('Booking not found');
    // The family who booked, or a payer of the booking's care circle (others: 404, or the circle's 403).
    if (booking.circleId !== null) await deps.circles.authorize(tx, booking.circleId, actor, 'pay');
    else if (booking.familyId !== actor.id) throw notFound('Booking not found');
    // A twin request with this key may have committed while we waited for the booking's lock.
    if (await tipRepo.byKey(tx, actor.id, key)) throw new KeyTaken();
    if (booking.status !== 'completed')
      throw conflict(TIP_MESSAGES.notCompleted, 'BOOKING_INVALID_TRANSITION');
    if (await tipRepo.forBooking(tx, booking.id)) throw conflict(TIP_MESSAGES.already, 'TIP_ALREADY_GIVEN');
    if (at.getTime() > tipDeadline(booking).getTime()) throw conflict(TIP_MESSAGES.windowClosed);
    const cents = toCents(input.amount);
    const max = maxTipCents(toCents(booking.totalCost));
    if (cents < TIP_RULES.minCents)
      throw badRequest(TIP_MESSAGES.tooLow, [{ path: 'amount', message: TIP_MESSAGES.tooLow }]);
    if (cents > max)
      throw badRequest(TIP_MESSAGES.tooHigh(max), [{ path: 'amount', message: TIP_MESSAGES.tooHigh(max) }]);
    const card = (await savedCardRepo.list(tx, actor.id)).find((c) => c.id === input.paymentMethodId);
    if (!card)
      throw badRequest(TIP_MESSAGES.cardNotFound, [
        { path: 'paymentMethodId', message: TIP_MESSAGES.cardNotFound },
      ]);
    const intent = `tip:${actor.id}:${key}`;
    const result = await provider.authorize({
      amountCents: cents,
      method: 'card',
      savedMethodRef: card.providerRef,
      idempotencyKey: intent,
    });
    if (!result.ok) throw new TipDeclined(result.message, result.code);
    await provider.capture(result.providerRef, cents, `${intent}:capture`);
    let tip: TipRow;
    try {
      tip = await tx.transaction((sp) =>
        tipRepo.insert(sp, {
          bookingId: booking.id,
          payerId: actor.id,
          caregiverId: booking.caregiverId,
          amount: centsToDecimal(cents),
          cardBrand: card.brand,
          cardLast4: card.last4,
          providerRef: result.providerRef,
          idempotencyKey: key,
          requestHash: hash,
          createdAt: at,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err, 'tips_payer_key')) throw new KeyTaken();
      if (isUniqueViolation(err, 'tips_one_per_booking'))
        throw conflict(TIP_MESSAGES.already, 'TIP_ALREADY_GIVEN');
      throw err;
    }
    // 100 % to the caregiver: no platform fee. The caregiver's line names the payer (the earnings line).
    const txnId = await ledger.post(tx, {
      bookingId: booking.id,
      at,
      lines: [
        { account: 'family_source', kind: 'tip', amount: -cents, familyId: actor.id },
        {
          account: 'caregiver_payable',
          kind: 'tip',
          amount: cents,
          caregiverId: booking.caregiverId,
          familyId: actor.id,
        },
      ],
    });
    await tipRepo.setLedgerTxn(tx, tip.id, txnId);
    const vb = await deps.bookings.findWithParties(tx, booking.id);
    if (vb) {
      const title = `${actor.firstName} sent you a tip`;
      const body = `${actor.firstName} tipped you ${formatJmd(cents)} for the visit on ${vb.when}. All of it is yours: it is paid with your next Friday payout.`;
      mails.push(
        ...(await deps.notices.queue(
          tx,
          {
            userId: vb.caregiver.userId,
            email: vb.caregiver.email,
            kind: 'payment.tip',
            title,
            body,
            link: '/earnings',
            mail: {
              subject: `YaadCare: ${title}`,
              text: `Hi ${vb.caregiver.firstName},\n\n${body}\n\n— YaadCare`,
            },
          },
          at,
        )),
      );
    }
    return tip;
  }

  return {
    /** POST /api/bookings/:id/tip. Requires an Idempotency-Key: a repeat answers the first tip. */
    async create(actor: Actor, bookingId: number, key: string | undefined, input: TipInput) {
      if (!key || key.length > 200 || !/^[\w\-:.]+$/.test(key))
        throw badRequest(PAYMENT_MESSAGES.idempotencyKey, 'IDEMPOTENCY_KEY_REQUIRED');
      const hash = requestHash(bookingId, input);
      const existing = await tipRepo.byKey(db, actor.id, key);
      if (existing) return replay(existing, hash);
      const mails: Mail[] = [];
      let tip: TipRow;
      try {
        tip = await db.transaction((tx) => give(tx, actor, bookingId, key, hash, input, mails));
      } catch (err) {
        if (err instanceof KeyTaken || isUniqueViolation(err, 'tips_payer_key')) {
          const first = await tipRepo.byKey(db, actor.id, key);
          if (first) return replay(first, hash);
        }
        if (isUniqueViolation(err, 'tips_one_per_booking'))
          throw conflict(TIP_MESSAGES.already, 'TIP_ALREADY_GIVEN');
        throw err;
      }
      for (const m of mails) await deps.mailer.send(m).catch(() => undefined);
      return { tip: toTipView(tip), replayed: false as const };
    },
  };
}

export type TipService = ReturnType<typeof createTipService>;
