import { createHash } from 'node:crypto';
import { VISIT_HOLD_RULES } from '../../../shared/contracts/payment-methods';
import { centsToDecimal, formatJmd, toCents } from '../../../shared/money';
import type { Mail } from '../../adapters/mailer';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../errors';
import type { BookingRow } from '../bookings';
import type { ChargeConsentBasis } from '../circles';
import { recordCardAccepted, recordCardRefused } from './card-outcome';
import type { PaymentBookings, PaymentCircleRules, PaymentNotices, PaymentUnpaidVisits } from './ports';
import { type PaymentRow, paymentRepo } from './repo';
import { type SavedCardRow, savedCardRepo } from './saved-cards-repo';
import { toPaymentView } from './service';
import { visitHoldRepo } from './visit-holds-repo';

export interface VisitHoldDeps {
  db: Db;
  provider: PaymentProvider;
  /** The unpaid series visits, their lock and release (bookings; `send` mails after commit). */
  bookings: PaymentUnpaidVisits;
  /** A booking with its parties (the failure notice) and the parties' "paid" notices (bookings). */
  records: Pick<PaymentBookings, 'notifyParties' | 'findWithParties'>;
  /** A care circle's payers, coordinators and whose consent covers a visit (circles). */
  circles: VisitHoldCircles;
  /** The delivery outbox (notifications). */
  notices: PaymentNotices;
  publicUrl: string;
  supportEmail: string;
}

type VisitHoldCircles = Pick<PaymentCircleRules, 'find' | 'members' | 'chargeConsents'>;

/** Who pays a visit: everyone who may (told when it fails), and whose default card is used on whose consent. */
interface Payers {
  payerIds: number[];
  /** Nobody's consent covers the visit (as opposed to: someone's does, but they have no saved card). */
  noConsent: boolean;
  chosen?: { userId: number; card: SavedCardRow; basis: ChargeConsentBasis };
}

/**
 * The payer of a visit, re-checked at charge time (ADR 0039: money moves from a card only on its owner's
 * act). A household series: its family, who booked it. A care circle's series: the first payer, in the
 * order of `chargeConsents` (who approved this visit, who booked it, then standing rules by lowest user id:
 * their own cap not passed this month, or "charge me"), who has a default saved card. A payer whose consent
 * does not cover the visit is never chosen, whatever cards they saved.
 */
async function payersOf(
  tx: Tx,
  b: BookingRow,
  bookings: PaymentUnpaidVisits,
  circles: VisitHoldCircles,
): Promise<Payers> {
  let payerIds: number[];
  let consents: { userId: number; basis: ChargeConsentBasis }[];
  if (b.circleId === null) {
    payerIds = [b.familyId];
    consents = [{ userId: b.familyId, basis: 'own_booking' }];
  } else {
    const circle = await circles.find(tx, b.circleId);
    const members = await circles.members(tx, b.circleId);
    payerIds = members
      .filter((m) => m.roles.includes('payer'))
      .map((m) => m.userId)
      .sort((x, y) => x - y);
    const monthCents = await bookings.circleMonthCents(tx, b.circleId, b.date.slice(0, 7));
    consents = circle ? circles.chargeConsents(circle, b, members, monthCents) : [];
  }
  for (const { userId, basis } of consents) {
    const card = await savedCardRepo.defaultOf(tx, userId);
    if (card) return { payerIds, noConsent: false, chosen: { userId, card, basis } };
  }
  return { payerIds, noConsent: consents.length === 0 };
}

/** Who hears that a hold failed: the payers, the family who booked, and a circle's coordinators. */
async function failureAudience(tx: Tx, b: BookingRow, payerIds: number[], circles: VisitHoldCircles) {
  const ids = new Set([...payerIds, b.familyId]);
  if (b.circleId !== null) {
    for (const m of await circles.members(tx, b.circleId))
      if (m.roles.includes('coordinator')) ids.add(m.userId);
  }
  return visitHoldRepo.contacts(tx, [...ids]);
}

const requestHash = (bookingId: number, cardId: number) =>
  createHash('sha256')
    .update(JSON.stringify(['visit-hold', bookingId, cardId]))
    .digest('hex');

/**
 * Series visits are paid one by one (ADR 0032): 48 hours before a visit its payer's default saved card is
 * held for the visit's total, recorded exactly as a card payment from the payment page (payments row,
 * ledger, "paid" notices); a failed or impossible hold tells the payers and the family once, with a link
 * to pay the visit and to the saved cards; a visit still unpaid 24 hours before its start is released.
 */
export function createVisitHoldService(deps: VisitHoldDeps) {
  const { db, provider, bookings, publicUrl } = deps;

  /** The "hold failed" notice, once per visit (a row claims it), in-app and by e-mail to those who want it. */
  async function noticeFailure(tx: Tx, b: BookingRow, payerIds: number[], reason: string, at: Date) {
    if (!(await visitHoldRepo.claimFailureNotice(tx, b.id, reason, at))) return [];
    const vb = await deps.records.findWithParties(tx, b.id);
    if (!vb) return [];
    const caregiver = `${vb.caregiver.firstName} ${vb.caregiver.lastName.slice(0, 1)}.`;
    const title = 'Visit not paid yet';
    const body = `We could not hold the payment for the visit with ${caregiver} on ${vb.when} (total ${formatJmd(toCents(b.totalCost))}): ${reason} Pay for this visit at ${publicUrl}/payment/${b.id}, or add a card or choose your default card at ${publicUrl}/payment-settings. A visit not paid 24 hours before it starts is cancelled (no fee).`;
    const mails: Mail[] = [];
    for (const r of await failureAudience(tx, b, payerIds, deps.circles)) {
      mails.push(
        ...(await deps.notices.queue(
          tx,
          {
            userId: r.userId,
            email: r.email,
            kind: 'payment.visit_hold_failed',
            title,
            body,
            link: `/payment/${b.id}`,
            mail: {
              subject: `YaadCare: ${title} (${vb.when})`,
              text: `Hi ${r.firstName},\n\n${body}\n\n— YaadCare`,
            },
          },
          at,
        )),
      );
    }
    return mails;
  }

  /** One visit's hold, in `tx` with the visit locked: 'held', 'failed', or 'skipped' (nothing to do). */
  async function holdOne(tx: Tx, id: number, at: Date): Promise<{ outcome: string; mails: Mail[] }> {
    const skipped = { outcome: 'skipped', mails: [] as Mail[] };
    const b = await bookings.lock(tx, id);
    if (b?.status !== 'confirmed' || b.startsAt <= at) return skipped;
    if (b.startsAt.getTime() - at.getTime() > VISIT_HOLD_RULES.holdAheadMs) return skipped;
    if (await paymentRepo.liveForBooking(tx, id)) return skipped;
    const { payerIds, chosen, noConsent } = await payersOf(tx, b, bookings, deps.circles);
    if (!chosen) {
      // Nobody's card is charged without its owner's consent: the payers are told as for a failed hold.
      const reason = noConsent
        ? 'no payer has agreed to this charge: none booked or approved this visit, and it is not within a monthly cap a payer set for themselves.'
        : b.circleId === null
          ? 'there is no saved card to hold it on.'
          : 'no payer who agreed to this charge (by booking or approving this visit, or within a monthly cap they set) has a saved card to hold it on.';
      return { outcome: 'failed', mails: await noticeFailure(tx, b, payerIds, reason, at) };
    }
    // One key per visit and card: a declined card is asked once; a new default card gets its own try.
    const key = `visit-hold-${b.id}-card-${chosen.card.id}`;
    const tried = await paymentRepo.byKey(tx, chosen.userId, key);
    if (tried) return skipped;
    const charge = toCents(b.totalCost);
    let payment: PaymentRow;
    try {
      payment = await tx.transaction((sp) =>
        paymentRepo.insert(sp, {
          bookingId: b.id,
          familyId: chosen.userId,
          method: 'card',
          status: 'authorized',
          amount: centsToDecimal(charge),
          idempotencyKey: key,
          requestHash: requestHash(b.id, chosen.card.id),
          consentUserId: chosen.userId,
          consentBasis: chosen.basis,
          createdAt: at,
          updatedAt: at,
        }),
      );
    } catch (err) {
      // Someone paid it (or another run tried this card) meanwhile.
      if (isUniqueViolation(err)) return skipped;
      throw err;
    }
    const result = await provider.authorize({
      amountCents: charge,
      method: 'card',
      savedMethodRef: chosen.card.providerRef,
      idempotencyKey: `${chosen.userId}:${key}`,
    });
    if (!result.ok) {
      await recordCardRefused(tx, payment, result, at);
      const reason = `the card ending ${chosen.card.last4} was refused (${result.message})`;
      return { outcome: 'failed', mails: await noticeFailure(tx, b, payerIds, reason, at) };
    }
    const updated = await recordCardAccepted(tx, payment, result, charge, false, at);
    const mails = await deps.records.notifyParties(tx, b.id, 'paid', {
      publicUrl,
      actorUserId: chosen.userId,
      payment: toPaymentView(updated, deps.supportEmail),
      at,
    });
    return { outcome: 'held', mails };
  }

  /** Releases one visit still unpaid 24 hours before its start (checked again under its lock). */
  async function releaseOne(tx: Tx, id: number, at: Date): Promise<Mail[] | undefined> {
    const b = await bookings.lock(tx, id);
    if (b?.status !== 'confirmed' || b.startsAt <= at) return undefined;
    if (b.startsAt.getTime() - at.getTime() > VISIT_HOLD_RULES.releaseAheadMs) return undefined;
    if (await paymentRepo.liveForBooking(tx, id)) return undefined;
    return bookings.releaseUnpaid(tx, b, at);
  }

  return {
    /**
     * The visit-holds job: holds for the visits starting within 48 h, then releases those within 24 h
     * still unpaid. Each visit is its own transaction; a visit another transaction holds is left for the
     * next run, as is the rest once `signal` aborts.
     */
    async runVisitHolds(at: Date, signal?: AbortSignal) {
      const counts = { held: 0, failed: 0, released: 0 };
      const soon = new Date(at.getTime() + VISIT_HOLD_RULES.holdAheadMs);
      for (const id of await bookings.unpaidSeriesVisits(db, at, soon)) {
        if (signal?.aborted) return counts;
        const { outcome, mails } = await db.transaction((tx) => holdOne(tx, id, at));
        if (outcome === 'held') counts.held++;
        if (outcome === 'failed') counts.failed++;
        await bookings.send(mails);
      }
      const due = new Date(at.getTime() + VISIT_HOLD_RULES.releaseAheadMs);
      for (const id of await bookings.unpaidSeriesVisits(db, at, due)) {
        if (signal?.aborted) return counts;
        const mails = await db.transaction((tx) => releaseOne(tx, id, at));
        if (!mails) continue;
        counts.released++;
        await bookings.send(mails);
      }
      return counts;
    },
  };
}
