import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TRIAL_MAX_HOURS } from '../../../../shared/booking-rules';
import { useCurrentUser } from '../../auth/api';
import { type BookingView, myBookingsQuery } from '../api';

/**
 * Whether a request of this family side may be marked a trial (ADR 0048; the server decides again): no visit
 * with the caregiver completed yet — the household's own bookings, or the chosen care circle's.
 */
export function trialAllowed(
  bookings: readonly BookingView[],
  caregiverId: number,
  circleId: number | undefined,
): boolean {
  return !bookings.some(
    (b) =>
      b.caregiverId === caregiverId &&
      b.status === 'completed' &&
      (circleId === undefined ? !b.circle : b.circle?.id === circleId),
  );
}

/** Whether the request goes as a trial: checked, and no longer than a trial may be. */
export const asTrial = (checked: boolean, duration: number) => checked && duration <= TRIAL_MAX_HOURS;

/**
 * "This is a trial visit (up to 3 hours)": shown on the booking panel only while allowed — a family account
 * with no completed visit with this caregiver, and a duration of at most TRIAL_MAX_HOURS.
 */
export function TrialVisitChoice({
  caregiverId,
  circleId,
  duration,
  checked,
  onChange,
}: {
  caregiverId: number;
  circleId: number | undefined;
  duration: number;
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  const { data: user } = useCurrentUser();
  const { data: bookings } = useQuery({ ...myBookingsQuery, enabled: user?.userType === 'family' });
  const id = useId();
  if (!bookings || duration > TRIAL_MAX_HOURS || !trialAllowed(bookings, caregiverId, circleId)) return null;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        <span className="font-semibold">This is a trial visit (up to {TRIAL_MAX_HOURS} hours)</span>
        <span className="block text-muted-foreground">
          After it, either of you can end things with no cancellation fee on bookings already made.
        </span>
      </label>
    </div>
  );
}
