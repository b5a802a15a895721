import { clock12 } from '../../../shared/booking-rules';
import type { BookingView } from '../../../shared/contracts/bookings';

const longDay = new Intl.DateTimeFormat('en-JM', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Friday, 5 June 2026' for a yyyy-MM-dd date. */
export function formatDay(date: string): string {
  return longDay.format(new Date(`${date}T12:00:00Z`));
}

export const timeRange = (b: Pick<BookingView, 'startTime' | 'endTime'>) =>
  `${clock12(b.startTime)} – ${clock12(b.endTime)}`;
