import type { bookingsForVisits } from '../bookings/service';
import type { circleBookingRules } from '../circles/service';
import type { deliverBookingNotice } from '../notifications/service';

/**
 * What visits needs of other features (issue 31: one way to depend). Visits owns these ports; the
 * composition root (src/server/services.ts) passes the providers' implementations.
 */

/** A booking with its parties, as the visit log reads it (locked when a write depends on its state). */
export type VisitBookings = Pick<typeof bookingsForVisits, 'find' | 'confirmedStartingBetween'>;

/** A care circle's rules: who may see a visit, its members and the recipient's name. */
export type VisitCircleRules = Pick<typeof circleBookingRules, 'decide' | 'members' | 'find'>;

/** A booking notice to several people: in-app always, e-mail and texts by their preferences. */
export type VisitNotices = { deliver: typeof deliverBookingNotice };
