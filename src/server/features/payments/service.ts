import { createHash, randomInt } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminPaymentItem,
  type CreatePaymentRequest,
  type HostedPaymentResponse,
  PAYMENT_MESSAGES,
  type PaymentView,
  TRANSFER_METHODS,
} from '../../../shared/contracts/payments';
import { centsToDecimal, formatJmd, toCents } from '../../../shared/money';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { PaymentProvider } from '../../adapters/payments';
import { inAppNotices } from '../../core/in-app-notices';
import { ledger } from '../../core/ledger/service';
import type { Db, Tx } from '../../db/client';
import { bookings, payments, users } from '../../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { BookingRow } from '../bookings';
import { listAdminMoney } from './admin-money';
import { recordCardAccepted, recordCardRefused } from './card-outcome';
import type { PaymentBookings, PaymentCircleRules } from './ports';
import { type PaymentRow, paymentRepo } from './repo';
import { outstandingFor, providerKey } from './settlement';

/** Holds kept for a backup, moved to it, or released by a job (ADR 0034). */
export { type BackupHolds, createBackupHolds, type MovedHold } from './backup-holds';

type Actor = Pick<SessionUser, 'id' | 'userType'>;
type CreateInput = z.output<typeof CreatePaymentRequest>;

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  supportEmail: string;
  /** Booking-paid e-mails to the family and the caregiver, sent after commit. */
  mailer: Mailer;
  publicUrl: string;
  /** Bookings' rows (read and locked in the payment's transaction) and the parties' notices. */
  bookings: Pick<PaymentBookings, 'lock' | 'find' | 'notifyParties'>;
  /** A care circle's booking is paid, and its payment seen, by whom the circle's rules allow. */
  circles: Pick<PaymentCircleRules, 'authorize' | 'decide'>;
  now?: () => Date;
}

const TRANSFER_INSTRUCTIONS: Record<string, (ref: string, amount: string, email: string) => string> = {
  bank: (ref, amount) =>
    `Send ${amount} by bank transfer to YaadCare Ltd, National Commercial Bank, New Kingston branch, account 404-123-456 (JMD savings). Quote the reference ${ref} so we can match your payment.`,
  zelle: (ref, amount, email) =>
    `Send the US-dollar equivalent of ${amount} with Zelle to ${email}. Put the reference ${ref} in the memo.`,
  cashapp: (ref, amount) =>
    `Send the US-dollar equivalent of ${amount} with Cash App to $YaadCare. Put the reference ${ref} in the note.`,
};

/** A declined card (402) carries the same view plus the reason; insufficient funds has its own code. */
export class PaymentDeclined extends AppError {
  constructor(
    readonly view: PaymentView,
    failureCode: string | null,
  ) {
    super(402, view.message ?? 'Your card was declined.', {
      code: failureCode === 'insufficient_funds' ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    });
  }
}

/** PowerTranz's SpiToken lives 5 minutes (SPI-HPP): the page must be completed within it. */
const HOSTED_PAGE_TTL_MS = 5 * 60_000;

class KeyTaken extends Error {}
/** The hosted-fields token was already used by another payment (payments.card_token_hash is unique). */
class TokenUsed extends Error {}

/** We keep a hash of the single-use card token, never the token: enough to refuse its reuse. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function toPaymentView(p: PaymentRow, supportEmail: string): PaymentView {
  return {
    id: p.id,
    bookingId: p.bookingId,
    method: p.method,
    status: p.status,
    amount: p.amount,
    capturedAmount: p.capturedAmount,
    refundedAmount: p.refundedAmount,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    reference: p.reference,
    instructions:
      p.reference && TRANSFER_INSTRUCTIONS[p.method]
        ? TRANSFER_INSTRUCTIONS[p.method](p.reference, formatJmd(toCents(p.amount)), supportEmail)
        : null,
    message: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
  };
}

/** What identifies a request for its Idempotency-Key (the card token only as a hash). */
function requestHash(input: CreateInput): string {
  const token = input.paymentToken ? tokenHash(input.paymentToken) : '';
  return createHash('sha256')
    .update(JSON.stringify([input.bookingId, input.method, input.wallet ?? '', token]))
    .digest('hex');
}

function newReference(bookingId: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 5; i++) code += alphabet[randomInt(alphabet.length)];
  return `YC-${bookingId}-${code}`;
}

export function createPaymentService(deps: PaymentDeps) {
  const { db, provider, supportEmail, bookings: bookingPort, circles } = deps;
  const now = deps.now ?? (() => new Date());
  const view = (p: PaymentRow) => toPaymentView(p, supportEmail);

  /** The stored result of a key: the same answer as the first time (402 for a decline). */
  function replay(p: PaymentRow, hash: string): { payment: PaymentView; replayed: true } {
    if (p.requestHash !== hash) throw conflict(PAYMENT_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
    if (p.status === 'declined') throw new PaymentDeclined(view(p), p.failureCode);
    return { payment: view(p), replayed: true };
  }

  /** Both parties of the booking hear of the payment (in `tx`); the mails go after commit. */
  const noticePaid = (tx: Tx, p: PaymentRow, actorUserId: number) =>
    bookingPort.notifyParties(tx, p.bookingId, 'paid', {
      publicUrl: deps.publicUrl,
      actorUserId,
      payment: view(p),
    });

  /** Sends after commit; e-mail is best effort (the in-app notifications were committed). */
  async function sendAll(mails: Mail[]) {
    for (const m of mails) await deps.mailer.send(m).catch(() => undefined);
  }

  /** A care circle's booking is paid by one of its payers (the circle policy: others 404/403); else its family. */
  async function mayPay(tx: Tx, actor: Actor, booking: BookingRow) {
    if (booking.circleId !== null) await circles.authorize(tx, booking.circleId, actor, 'pay');
    else if (booking.familyId !== actor.id) throw notFound('Booking not found');
  }

  /**
   * What paying the booking now charges, computed here: its total, or what a completed or cancelled booking
   * still owes; 409 when it has a live payment or can no longer be paid.
   */
  async function chargeFor(tx: Tx, booking: BookingRow): Promise<{ charge: number; owed: number }> {
    const amount = toCents(booking.totalCost);
    let owed = 0;
    if (booking.status === 'completed' || booking.status === 'cancelled')
      owed = await outstandingFor(tx, booking.id);
    const payable = booking.status === 'pending' || booking.status === 'confirmed' || owed > 0;
    if (!payable) {
      const live = await paymentRepo.liveForBooking(tx, booking.id);
      throw live
        ? conflict(PAYMENT_MESSAGES.alreadyPaid, 'BOOKING_ALREADY_PAID')
        : conflict(PAYMENT_MESSAGES.notPayable);
    }
    if (await paymentRepo.liveForBooking(tx, booking.id))
      throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'BOOKING_ALREADY_PAID');
    return { charge: owed > 0 ? owed : amount, owed };
  }

  async function pay(
    tx: Tx,
    actor: Actor,
    key: string,
    hash: string,
    input: CreateInput,
    mails: Mail[],
  ): Promise<PaymentRow> {
    const at = now();
    const booking = await bookingPort.lock(tx, input.bookingId);
    if (!booking) throw notFound('Booking not found');
    await mayPay(tx, actor, booking);
    // A twin request with this key may have committed while we waited for the booking lock.
    if (await paymentRepo.byKey(tx, actor.id, key)) throw new KeyTaken();
    const { charge, owed } = await chargeFor(tx, booking);
    const isTransfer = TRANSFER_METHODS.includes(input.method);
    // Cards and wallets pay with the hosted fields' token (the fields checked number, expiry and code).
    const token = isTransfer || input.method === 'paypal' ? undefined : input.paymentToken;
    if (!isTransfer && input.method !== 'paypal' && !token)
      throw badRequest(PAYMENT_MESSAGES.cardRequired, [{ path: 'paymentToken', message: 'Required' }]);
    let payment: PaymentRow;
    try {
      // Claims the key and the booking's one live payment; a concurrent twin waits here, then fails.
      payment = await tx.transaction((sp) =>
        paymentRepo.insert(sp, {
          bookingId: booking.id,
          familyId: actor.id,
          method: input.method,
          status: isTransfer ? 'awaiting_transfer' : 'authorized',
          amount: centsToDecimal(charge),
          idempotencyKey: key,
          requestHash: hash,
          reference: isTransfer ? newReference(booking.id) : null,
          cardTokenHash: token ? tokenHash(token) : null,
          createdAt: at,
          updatedAt: at,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err, 'payments_idempotency_key')) throw new KeyTaken();
      if (isUniqueViolation(err, 'payments_card_token')) throw new TokenUsed();
      if (isUniqueViolation(err, 'payments_one_live_per_booking'))
        throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'BOOKING_ALREADY_PAID');
      throw err;
    }
    if (isTransfer) {
      await inAppNotices.addForAdmins(tx, {
        kind: 'payment.awaiting_transfer',
        title: 'Payment awaiting transfer',
        body: `${payment.reference}: ${formatJmd(charge)} by ${input.method} for booking ${booking.id}.`,
        link: '/admin',
      });
      mails.push(...(await noticePaid(tx, payment, actor.id)));
      return payment;
    }
    const result = await provider.authorize({
      amountCents: charge,
      method: input.method === 'paypal' ? 'paypal' : input.method === 'digital' ? 'digital' : 'card',
      token,
      idempotencyKey: `${actor.id}:${key}`,
    });
    if (!result.ok && result.code === 'token_invalid') {
      // Nothing is kept (the transaction rolls back): the family enters the card again and retries.
      throw badRequest(result.message, 'CARD_TOKEN_INVALID', [
        { path: 'paymentToken', message: result.message },
      ]);
    }
    if (!result.ok) return recordCardRefused(tx, payment, result, at);
    const settled = owed > 0;
    if (settled) await provider.capture(result.providerRef, charge, providerKey(payment, 'capture'));
    const updated = await recordCardAccepted(tx, payment, result, charge, settled, at);
    mails.push(...(await noticePaid(tx, updated, actor.id)));
    return updated;
  }

  return {
    /**
     * POST /api/payments. The Idempotency-Key is claimed in the same transaction as the charge, so a
     * retry (even concurrent) answers the first result and the provider is asked once per key.
     */
    async create(actor: Actor, key: string | undefined, input: CreateInput) {
      if (!key || key.length > 200 || !/^[\w\-:.]+$/.test(key))
        throw badRequest(PAYMENT_MESSAGES.idempotencyKey, 'IDEMPOTENCY_KEY_REQUIRED');
      const hash = requestHash(input);
      const existing = await paymentRepo.byKey(db, actor.id, key);
      if (existing) return replay(existing, hash);
      let row: PaymentRow;
      const mails: Mail[] = [];
      try {
        row = await db.transaction((tx) => pay(tx, actor, key, hash, input, mails));
      } catch (err) {
        if (
          err instanceof KeyTaken ||
          err instanceof TokenUsed ||
          isUniqueViolation(err, 'payments_idempotency_key')
        ) {
          const first = await paymentRepo.byKey(db, actor.id, key);
          if (first) return replay(first, hash);
        }
        if (err instanceof TokenUsed) throw conflict(PAYMENT_MESSAGES.tokenUsed, 'CARD_TOKEN_USED');
        throw err;
      }
      if (row.status === 'declined') throw new PaymentDeclined(view(row), row.failureCode);
      await sendAll(mails);
      return { payment: view(row), replayed: false as const };
    },

    /**
     * POST /api/bookings/:id/hosted-payment (ADR 0053): with a provider whose card entry is its own hosted
     * page (PowerTranz), starts the 3-D Secure payment of what the booking owes now (the server's amount) and
     * answers the page's RedirectData; the browser then pays with POST /api/payments and the token the page
     * ends with. Nothing is held yet (no money moves until that call). The same Idempotency-Key for the same
     * booking and amount answers the same transaction. With hosted fields (the sandbox): nothing to start.
     */
    async beginHosted(
      actor: Actor,
      bookingId: number,
      key: string | undefined,
    ): Promise<HostedPaymentResponse> {
      if (!key || key.length > 200 || !/^[\w\-:.]+$/.test(key))
        throw badRequest(PAYMENT_MESSAGES.idempotencyKey, 'IDEMPOTENCY_KEY_REQUIRED');
      const charge = await db.transaction(async (tx) => {
        const booking = await bookingPort.find(tx, bookingId);
        if (!booking) throw notFound('Booking not found');
        await mayPay(tx, actor, booking);
        return (await chargeFor(tx, booking)).charge;
      });
      if (!provider.beginHostedPayment) return { cardEntry: 'hosted-fields' };
      // The amount is part of the intent: a booking whose total changed starts a new transaction.
      const begun = await provider.beginHostedPayment({
        amountCents: charge,
        idempotencyKey: `hosted:${actor.id}:${bookingId}:${charge}:${key}`,
        mode: 'auth',
      });
      if (begun.kind === 'declined')
        throw new AppError(402, begun.message, {
          code: begun.code === 'insufficient_funds' ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
        });
      return {
        cardEntry: 'hosted-page',
        transactionIdentifier: begun.transactionIdentifier,
        redirectData: begun.redirectData,
        amount: centsToDecimal(charge),
        expiresAt: new Date(now().getTime() + HOSTED_PAGE_TTL_MS).toISOString(),
      };
    },

    async get(actor: Actor, id: number): Promise<PaymentView> {
      const p = await paymentRepo.find(db, id);
      if (!p || (p.familyId !== actor.id && actor.userType !== 'admin')) throw notFound('Payment not found');
      return view(p);
    },

    async forBooking(actor: Actor, bookingId: number): Promise<PaymentView[]> {
      const b = await bookingPort.find(db, bookingId);
      const circleSees =
        b?.circleId != null &&
        (await circles.decide(db, b.circleId, actor.id, 'viewStatement')) === 'allowed';
      if (!b || (b.familyId !== actor.id && actor.userType !== 'admin' && !circleSees))
        throw notFound('Booking not found');
      return (await paymentRepo.forBooking(db, bookingId)).map(view);
    },

    /** /admin: transfers waiting to be matched with the money on our account. */
    /** Admins: payments and payouts with their ledger entries, by booking and user, a page at a time. */
    adminMoney: (query: { bookingId?: number; userId?: number; page: number }) => listAdminMoney(db, query),

    async awaitingTransfer(): Promise<AdminPaymentItem[]> {
      const rows = await db
        .select({ p: payments, u: users, b: bookings })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.familyId))
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(inArray(payments.status, ['awaiting_transfer']))
        .orderBy(desc(payments.createdAt))
        .limit(200);
      return rows.map((r) => ({
        ...view(r.p),
        family: { userId: r.u.id, firstName: r.u.firstName, lastName: r.u.lastName, email: r.u.email },
        booking: { id: r.b.id, date: r.b.date, status: r.b.status },
      }));
    },

    /** An admin saw the transfer arrive: the money is held for the booking (or settles what is owed). */
    async markReceived(admin: Actor, id: number): Promise<PaymentView> {
      const at = now();
      const { updated, mails } = await db.transaction(async (tx) => {
        const p = await paymentRepo.lock(tx, id);
        if (!p) throw notFound('Payment not found');
        if (p.status !== 'awaiting_transfer') throw conflict('This payment is not waiting for a transfer.');
        const booking = await bookingPort.lock(tx, p.bookingId);
        if (!booking) throw notFound('Booking not found');
        const amount = toCents(p.amount);
        const settles = booking.status === 'completed';
        const updated = await paymentRepo.update(tx, p.id, {
          status: settles ? 'captured' : 'received',
          capturedAmount: settles ? p.amount : '0',
          receivedAt: at,
          receivedBy: admin.id,
          updatedAt: at,
        });
        await ledger.post(tx, {
          bookingId: booking.id,
          paymentId: p.id,
          at,
          lines: [
            { account: 'family_source', kind: 'transfer_received', amount: -amount, familyId: p.familyId },
            {
              account: settles ? 'family_receivable' : 'booking_hold',
              kind: 'transfer_received',
              amount,
              familyId: p.familyId,
            },
          ],
        });
        return { updated, mails: await noticePaid(tx, updated, admin.id) };
      });
      await sendAll(mails);
      return view(updated);
    },
  };
}
