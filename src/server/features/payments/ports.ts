import type { BookingService, bookingRecords, bookingsForVisits } from '../bookings/service';
import type { chargeConsents, circleBookingRules } from '../circles/service';
import type { queueNotice } from '../notifications/service';
import type { visitTimes } from '../visits/service';

/**
 * What payments needs of other features (issue 31: one way to depend). Payments owns these ports; the
 * composition root (src/server/services.ts, src/server/events.ts) passes the providers' implementations.
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
export type PaymentVisitTimes = Pick<typeof visitTimes, 'of'>;

/** The delivery outbox: a notice written in `tx`, in-app and on the channels the recipient allows. */
export type PaymentNotices = { queue: typeof queueNotice };
