import { CalendarDays, Clock } from 'lucide-react';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { formatDay, timeRange } from '../booking-time-text';

/** The date and time rows of a booking card's list (both sides' cards show them alike). */
export function BookingWhen({
  booking,
}: {
  booking: Pick<BookingView, 'date' | 'startTime' | 'endTime' | 'duration'>;
}) {
  return (
    <>
      <div className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">Date</dt>
        <dd>{formatDay(booking.date)}</dd>
      </div>
      <div className="flex items-center gap-2">
        <Clock aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">Time</dt>
        <dd>
          {timeRange(booking)} ({booking.duration} h)
        </dd>
      </div>
    </>
  );
}
