import type { HeldPayment } from '../../../shared/payment-status';
import type { Mail } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import type { BookingRow, VisitBooking } from '../bookings';
import type {
  ChargeConsentBasis,
  CircleAction,
  CircleDecision,
  CircleMemberContact,
  CircleRow,
} from '../circles';

/**
 * What payments needs of other features (issue 31: one way to depend). Payments owns these ports, written
 * out here; the composition root (src/server/wiring/services.ts, src/server/wiring/events.ts) passes the
 * providers' implementations, and the type checker holds them to these signatures.
 */

/** The payment a "paid" notice reports (a transfer's instructions say how to send the money). */
export interface PaidNoticePayment extends HeldPayment {
  reference?: string | null;
  instructions?: string | null;
}

/** The booking rows payments reads and locks in its own transaction, and the parties' notices. */
export interface PaymentBookings {
  /** The booking, its row locked for the transaction. */
  lock(tx: Tx, id: number): Promise<BookingRow | undefined>;
  /** The booking locked, or undefined when another transaction is changing it (a job's next run). */
  lockSkipLocked(tx: Tx, id: number): Promise<BookingRow | undefined>;
  find(tx: Tx, id: number): Promise<BookingRow | undefined>;
  /** Who cancelled a booking: its caregiver, or the family side. */
  cancelledBySide(
    tx: Tx,
    b: Pick<BookingRow, 'cancelledBy' | 'caregiverId'>,
  ): Promise<'family' | 'caregiver'>;
  /** Both parties of a booking hear that it was paid (in-app in `tx`; the mails are returned). */
  notifyParties(
    tx: Tx,
    bookingId: number,
    event: 'paid',
    opts: { publicUrl: string; actorUserId: number | null; payment: PaidNoticePayment; at?: Date },
  ): Promise<Mail[]>;
  /** A booking with its parties' names and contacts (the "visit not paid" notice). */
  findWithParties(tx: Tx, id: number): Promise<VisitBooking | undefined>;
}

/**
 * The visits of accepted series that stand unpaid, for the visit-holds job (ADR 0032), each inside the
 * job's transaction; `send` mails after commit.
 */
export interface PaymentUnpaidVisits {
  /** Confirmed visits of accepted series starting in (from, to] with no live payment, first first. */
  unpaidSeriesVisits(tx: Tx, from: Date, to: Date, limit?: number): Promise<number[]>;
  /** The booking locked; undefined when another transaction is changing it (next run). */
  lock(tx: Tx, id: number): Promise<BookingRow | undefined>;
  /** Cancels the (locked, confirmed) visit as not paid in time; returns the mails for after commit. */
  releaseUnpaid(tx: Tx, booking: BookingRow, at: Date): Promise<Mail[]>;
  /** A circle's committed total for a Jamaica month 'yyyy-MM' in cents (ADR 0025's cap count). */
  circleMonthCents(tx: Tx, circleId: number, month: string): Promise<number>;
  send(mails: Mail[]): Promise<void>;
}

/** A care circle's rules for its bookings: who may pay or see, its members, and whose consent covers a charge. */
export interface PaymentCircleRules {
  /** Throws 404/403 unless `actor` may do `action` in the circle. */
  authorize(tx: Tx, circleId: number, actor: { id: number }, action: CircleAction): Promise<unknown>;
  /** The policy's decision without throwing. */
  decide(tx: Tx, circleId: number, userId: number, action: CircleAction): Promise<CircleDecision>;
  members(tx: Tx, circleId: number): Promise<CircleMemberContact[]>;
  find(tx: Tx, circleId: number): Promise<CircleRow | undefined>;
  /** Whose card may be charged for a circle booking without them at the keyboard, best first (ADR 0039). */
  chargeConsents(
    circle: Pick<CircleRow, 'approvalRequired'>,
    booking: { familyId: number; approvalState: string | null; approvalBy: number | null },
    members: readonly Pick<CircleMemberContact, 'userId' | 'roles' | 'monthlyCapJmd' | 'payerConsentedAt'>[],
    monthCents: number,
  ): { userId: number; basis: ChargeConsentBasis }[];
}

/** The checked-in and checked-out times of a visit (completion charges the time spent). */
export interface PaymentVisitTimes {
  /** The effective check-in and check-out of a booking's visit, when both were recorded. */
  of(tx: Tx, bookingId: number): Promise<{ checkedInAt: Date; checkedOutAt: Date } | undefined>;
}

/** The delivery outbox: a notice written in `tx`, in-app and on the channels the recipient allows. */
export interface PaymentNotices {
  /** Writes the notice in `tx`; returns the mails due now (to send after commit). */
  queue(tx: Tx, n: OutboxNotice, at?: Date): Promise<Mail[]>;
}
