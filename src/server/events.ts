import type { PaymentProvider } from './adapters/payments';
import { evaluateBadges } from './features/badges/engine';
import type { BookingEvents } from './features/bookings/service';
import { followBookingTransition } from './features/caregiver-stats/service';
import { createSettlement } from './features/payments/settlement';

/**
 * The event table: what follows from what, in one place (called once per app by src/server/services.ts).
 *
 * When a booking changes state (created, accepted, declined, expired, cancelled, completed), inside its
 * transaction and in this order — a listener that throws rolls the whole change back:
 *   1. its money settles (payments: capture, release or the late-cancellation fee, posted to the ledger);
 *   2. the caregiver's stats and streaks follow (they read the earnings step 1 just posted);
 *   3. the caregiver's badges are measured again (awarded once, with an in-app notification).
 */
export function registerBookingListeners(events: BookingEvents, deps: { payments: PaymentProvider }) {
  events.on(createSettlement(deps.payments));
  events.on(followBookingTransition);
  events.on((tx, e) =>
    evaluateBadges(tx, e.booking.caregiverId, { now: e.at, notify: true }).then(() => undefined),
  );
}
