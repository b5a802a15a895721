import type { Mail } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import type { BookingService, bookingRecords, bookingsForVisits } from '../bookings';
import type { chargeConsents, circleBookingRules } from '../circles';

/**
 * What payments needs of other features (issue 31: one way to depend). Payments owns these ports; the
 * composition root (src/server/wiring/services.ts, src/server/wiring/events.ts) passes the providers' implementations.
 */

/** The booking rows payments reads and locks in its own transaction, and the parties' notices. */
export type PaymentBookings = Pick<
  typeof bookingRecords,
  'lock' | 'find' | 'lockSkipLocked' | 'cancelledBySide'
> & {
  /** Both parties of a booking hear of a change (in-app in `tx`; the mails are returned). */
  notifyParties: BookingService['notifyParties'];
  /** A booking with its parties' names and contacts (the "visit not paid" notice). */
  forVisits: Pick<typeof bookingsForVisits, 'find'>;
};

/** A care circle's rules for its bookings: who may pay or see, its members, and whose consent covers a charge. */
export type PaymentCircleRules = Pick<
  typeof circleBookingRules,
  'authorize' | 'decide' | 'members' | 'find'
> & {
  chargeConsents: typeof chargeConsents;
};

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
