import { useEffect, useRef } from 'react';

/**
 * A tap on a free slot (the profile's free-time calendar) fills the profile's booking form: the calendar
 * sends this event, the booking panel listens. Neither imports the other's feature.
 */
const BOOKING_FILL_EVENT = 'yaadcare:fill-booking';

export interface BookingFill {
  caregiverId: number;
  /** yyyy-MM-dd in Jamaica. */
  date: string;
  /** The form's start time text, e.g. '9:00 AM' (Jamaica). */
  startTime: string;
}

export function fillBookingForm(fill: BookingFill): void {
  window.dispatchEvent(new CustomEvent<BookingFill>(BOOKING_FILL_EVENT, { detail: fill }));
}

/** Calls `onFill` when a free slot of this caregiver is tapped. */
export function useBookingFill(caregiverId: number, onFill: (fill: BookingFill) => void): void {
  const latest = useRef(onFill);
  latest.current = onFill;
  useEffect(() => {
    const listener = (event: Event) => {
      const fill = (event as CustomEvent<BookingFill>).detail;
      if (fill?.caregiverId === caregiverId) latest.current(fill);
    };
    window.addEventListener(BOOKING_FILL_EVENT, listener);
    return () => window.removeEventListener(BOOKING_FILL_EVENT, listener);
  }, [caregiverId]);
}
