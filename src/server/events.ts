import type { PaymentProvider } from './adapters/payments';
import { remeasureBadgesAfterBooking } from './features/badges/engine';
import type { BookingEvents, BookingTransitionListener } from './features/bookings/service';
import { followBookingTransition } from './features/caregiver-stats/service';
import { createSettlement } from './features/payments/settlement';

/**
 * The event table: what follows from what, in one place. Registered once per app (src/server/services.ts
 * builds each app's events), so two apps in one process never share a listener.
 *
 * When a booking changes state (created, accepted, declined, expired, cancelled, completed), these run
 * inside its transaction, in this order; one that throws rolls the whole change back. Money comes first:
 * the stats read the earnings the settlement has just posted.
 */
export function bookingListeners(deps: { payments: PaymentProvider }): {
  does: string;
  run: BookingTransitionListener;
}[] {
  return [
    { does: 'settle its money (payments → ledger)', run: createSettlement(deps.payments) },
    { does: 'update the caregiver’s stats and streaks', run: followBookingTransition },
    { does: 'measure the caregiver’s badges again', run: remeasureBadgesAfterBooking },
  ];
}

export function registerBookingListeners(events: BookingEvents, deps: { payments: PaymentProvider }) {
  for (const { run } of bookingListeners(deps)) events.on(run);
}
