import type { Mail } from '../../adapters/mailer';
import type { BookingNotice, NoticeRecipient } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import type { bookingsForVisits } from '../bookings';
import type { circleBookingRules } from '../circles';

/**
 * What visits needs of other features (issue 31: one way to depend). Visits owns these ports; the
 * composition root (src/server/wiring/services.ts) passes the providers' implementations.
 */

/** A booking with its parties, as the visit log reads it (locked when a write depends on its state). */
export type VisitBookings = Pick<typeof bookingsForVisits, 'find' | 'confirmedStartingBetween'>;

/** A care circle's rules: who may see a visit, its members and the recipient's name. */
export type VisitCircleRules = Pick<typeof circleBookingRules, 'decide' | 'members' | 'find'>;

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
