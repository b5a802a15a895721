import type { ReactNode } from 'react';
import type { BookingView } from '../api';
import { StatusBadge } from './booking-status-badge';
import { BookingWhen } from './booking-when';

/**
 * One booking in a list, as families and caregivers both see it: the other person and the status,
 * then when plus the side's own details, the family's notes, and the side's actions.
 */
export function BookingCardShell({
  booking,
  title,
  subtitle,
  details,
  actions,
}: {
  booking: BookingView;
  title: ReactNode;
  subtitle: ReactNode;
  details: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
      data-testid={`booking-${booking.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        <BookingWhen booking={booking} />
        {details}
      </dl>
      {booking.notes ? <p className="mt-3 rounded-lg bg-muted p-3 text-sm">{booking.notes}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}
