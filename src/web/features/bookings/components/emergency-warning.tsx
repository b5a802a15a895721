import { TriangleAlert } from 'lucide-react';
import { jamaicaInstantAt } from '../../../../shared/booking-rules';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { bookingEmergencyWarning, emergenciesCovering } from '../../../../shared/contracts/emergencies';
import { Alert } from '../../../components/ui/form-field';
import { useActiveEmergencies } from '../../emergencies/api';
import { parseHour } from '../booking-form';

const HOUR = 3_600_000;

/**
 * The booking panel's warning (ADR 0030): the chosen time falls in a parish emergency for the place of
 * care (the family's parish). The request still goes; the server's answer carries the same warning.
 */
export function PanelEmergencyWarning({
  parish,
  date,
  startTime,
  duration,
}: {
  parish: string | null | undefined;
  date: string;
  startTime: string;
  duration: number;
}) {
  const { data } = useActiveEmergencies();
  const hour = parseHour(startTime);
  if (!data || !date || hour === undefined) return null;
  const startsAt = jamaicaInstantAt(date, hour * 60);
  const [e] = emergenciesCovering(data.emergencies, parish, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + duration * HOUR),
  });
  if (!e) return null;
  return (
    <Alert variant="info">
      <TriangleAlert aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.125em]" />
      {bookingEmergencyWarning(e)} {e.message}
    </Alert>
  );
}

/** A booking a parish emergency covers: the warning on its card (cancelling is free). */
export function BookingEmergencyNote({ booking }: { booking: BookingView }) {
  if (!booking.emergency) return null;
  return (
    <Alert variant="info" className="mt-3">
      <TriangleAlert aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.125em]" />
      {booking.emergency.warning}
    </Alert>
  );
}
