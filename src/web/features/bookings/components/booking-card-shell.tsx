import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from '../../../lib/router';
import type { BookingView } from '../api';
import { liveState } from '../sections';
import type { SeriesPosition } from '../series-text';
import { StatusBadge } from './booking-status-badge';
import { BookingWhen } from './booking-when';
import { BookingEmergencyNote } from './emergency-warning';

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
  position,
  note,
}: {
  booking: BookingView;
  title: ReactNode;
  subtitle: ReactNode;
  details: ReactNode;
  actions: ReactNode;
  /** The visit's place in its weekly series (issue 19), when it belongs to one. */
  position?: SeriesPosition;
  /** Something the side is asked about above the actions (an open counter-proposal, ADR 0048). */
  note?: ReactNode;
}) {
  const anchor = `booking-${booking.id}`;
  const { hash } = useLocation();
  const item = useRef<HTMLLIElement>(null);
  // A link to one visit (from its series' page) lands on its card once the list has loaded.
  useEffect(() => {
    if (hash === `#${anchor}`) item.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, anchor]);
  return (
    <li
      ref={item}
      id={anchor}
      className="scroll-mt-24 rounded-2xl border border-border bg-surface p-5 shadow-sm"
      data-testid={`booking-${booking.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
          {booking.isTrial ? <p className="text-sm font-semibold">Trial visit</p> : null}
          {position ? (
            <p className="text-sm">
              <Link to={`/series/${position.seriesId}`} className="font-semibold text-primary-deep underline">
                Visit {position.index} of {position.count} of a weekly series
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={booking.status} />
          {liveState(booking) ? (
            <span className="text-xs font-semibold text-muted-foreground" data-testid="live-state">
              {liveState(booking)}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        <BookingWhen booking={booking} />
        {details}
      </dl>
      <BookingEmergencyNote booking={booking} />
      {booking.notes ? <p className="mt-3 rounded-lg bg-muted p-3 text-sm">{booking.notes}</p> : null}
      {note ? <div className="mt-3">{note}</div> : null}
      <div className="mt-4 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}
