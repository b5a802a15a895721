import type { PaymentProvider } from '../adapters/payments';
import type { BookingEmergencyRules, BookingEvents, BookingTransitionListener } from '../features/bookings';
import { followBookingTransition } from '../features/caregiver-stats';
import { createSettlement } from '../features/payments';

/**
 * The event table: what follows from what, in one place. Registered once per app (src/server/wiring/services.ts
 * builds each app's events), so two apps in one process never share a listener.
 *
 * When a booking changes state (created, accepted, declined, expired, cancelled, completed), these run
 * inside its transaction, in this order; one that throws rolls the whole change back. Money comes first:
 * the stats read the earnings the settlement has just posted.
 */
export interface BookingListenerDeps {
  payments: PaymentProvider;
  /** Parish emergencies (ADR 0030): a covered booking's late cancellation is free. */
  emergencies?: Pick<BookingEmergencyRules, 'coverOf'>;
  /** The badges' listener: the caregiver's badges measured again (badge engine). */
  badges: BookingTransitionListener;
  /** The reliability records' listener (ADR 0035), from the reliability service. */
  reliability: BookingTransitionListener;
  /** What the settlement asks of bookings and visits (payments' ports). */
  settlement: Pick<Parameters<typeof createSettlement>[1], 'bookings' | 'visitTimes'>;
}

export function bookingListeners(deps: BookingListenerDeps): {
  does: string;
  run: BookingTransitionListener;
  /** Recomputes the caregiver's figures from their bookings as they stand (see ListenerOptions). */
  caregiverAggregate?: boolean;
}[] {
  return [
    {
      does: 'settle its money (payments → ledger); no late fee under a parish emergency',
      run: createSettlement(deps.payments, {
        ...deps.settlement,
        lateFeeWaived: async (tx, b, at) =>
          (await deps.emergencies?.coverOf(tx, [b], at))?.has(b.id) ?? false,
      }),
    },
    {
      does: 'update the caregiver’s stats and streaks',
      run: followBookingTransition,
      caregiverAggregate: true,
    },
    {
      does: 'measure the caregiver’s badges again',
      run: deps.badges,
      caregiverAggregate: true,
    },
    {
      does: 'recompute the caregiver’s reliability record on a cancellation or completion (ADR 0035)',
      run: deps.reliability,
      caregiverAggregate: true,
    },
  ];
}

export function registerBookingListeners(events: BookingEvents, deps: BookingListenerDeps) {
  for (const { run, caregiverAggregate } of bookingListeners(deps)) events.on(run, { caregiverAggregate });
}
