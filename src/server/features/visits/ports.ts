import type { Mail } from '../../adapters/mailer';
import type { BookingNotice, NoticeRecipient } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import type { VisitBooking } from '../bookings';
import type { CircleAction, CircleDecision, CircleMemberContact, CircleRow } from '../circles';

/**
 * What visits needs of other features (issue 31: one way to depend). Visits owns these ports, written out
 * here; the composition root (src/server/wiring/services.ts) passes the providers' implementations, and the
 * type checker holds them to these signatures.
 */

/** A booking with its parties, as the visit log reads it (locked when a write depends on its state). */
export interface VisitBookings {
  /** The booking with both parties and its time in words; `lock` takes its row lock first. */
  find(tx: Tx, id: number, opts?: { lock?: boolean }): Promise<VisitBooking | undefined>;
  /** Confirmed bookings whose start lies in (from, to], first first (the no-show job's candidates). */
  confirmedStartingBetween(tx: Tx, from: Date, to: Date, limit?: number): Promise<number[]>;
}

/** A care circle's rules: who may see a visit, its members and the recipient's name. */
export interface VisitCircleRules {
  decide(tx: Tx, circleId: number, userId: number, action: CircleAction): Promise<CircleDecision>;
  members(tx: Tx, circleId: number): Promise<CircleMemberContact[]>;
  find(tx: Tx, circleId: number): Promise<CircleRow | undefined>;
}

/** A booking notice to several people: in-app always, e-mail and texts by their preferences (notifications). */
export interface VisitNotices {
  /** Writes each recipient's notice in `tx`; returns the mails due now (to send after commit). */
  deliver(
    tx: Tx,
    publicUrl: string,
    to: NoticeRecipient[],
    notice: BookingNotice | ((r: NoticeRecipient) => BookingNotice),
    at?: Date,
  ): Promise<Mail[]>;
}

export type { BookingNotice, NoticeRecipient };
