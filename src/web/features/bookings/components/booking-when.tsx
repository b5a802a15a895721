import { CalendarDays, Clock, Globe } from 'lucide-react';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { formatMemberTimeRange } from '../../../../shared/member-time';
import { useCurrentUser } from '../../auth/api';
import { formatDay, timeRange } from '../booking-time-text';

/**
 * The date and time rows of a booking card's list (both sides' cards show them alike). The booking's own
 * time is Jamaica's (the visit happens there); a member whose time zone is elsewhere (ADR 0026) also reads
 * the visit in their own: "10:00 AM – 2:00 PM Toronto".
 */
export function BookingWhen({
  booking,
}: {
  booking: Pick<BookingView, 'date' | 'startTime' | 'endTime' | 'duration' | 'startsAt' | 'endsAt'>;
}) {
  const { data: user } = useCurrentUser();
  const own = formatMemberTimeRange(new Date(booking.startsAt), new Date(booking.endsAt), user?.timeZone);
  return (
    <>
      <div className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">Date</dt>
        <dd>{formatDay(booking.date)}</dd>
      </div>
      <div className="flex items-center gap-2">
        <Clock aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">{own ? 'Time in Jamaica' : 'Time'}</dt>
        <dd>
          {timeRange(booking)}
          {own ? ' Jamaica' : ''} ({booking.duration} h)
        </dd>
      </div>
      {own ? (
        <div className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-4 text-primary" />
          <dt className="sr-only">Your time</dt>
          <dd data-testid="booking-own-time">{own}</dd>
        </div>
      ) : null}
    </>
  );
}
