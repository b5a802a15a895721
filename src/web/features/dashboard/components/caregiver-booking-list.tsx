import type { ComponentType } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { PLATFORM_FEE_PERCENT } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { bookingDay, displayName, jmdAmount, plural } from '../../../lib/format';
import { type CaregiverDashboardResponse, useAnswerBooking } from '../api';
import { StatusTag } from './status-tag';

type Booking = CaregiverDashboardResponse['recentBookings'][number];

/** The reviews feature's 'rate the family' form, passed in by the page that composes the dashboard. */
export type RateFamilySlot = ComponentType<{ bookingId: number; familyName: string }>;

function BookingRow({ booking, rateFamily: RateFamily }: { booking: Booking; rateFamily: RateFamilySlot }) {
  const answer = useAnswerBooking();
  const family = displayName(booking.family.firstName, booking.family.lastName);
  const act = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { id: booking.id, answer: kind },
      {
        onSuccess: () =>
          toast(
            kind === 'accept'
              ? { title: 'Booking Accepted', description: 'The family has been notified.' }
              : { title: 'Booking Declined', description: 'The family has been notified.' },
          ),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: kind === 'accept' ? 'Booking not accepted' : 'Booking not declined',
            description: errorMessage(error, 'Something went wrong. Please try again.'),
          }),
      },
    );
  return (
    <li
      className="rounded-xl border border-border bg-surface p-4"
      aria-label={`Booking with ${family} on ${bookingDay(booking.date)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {family} <StatusTag status={booking.status} />
          </p>
          <p className="text-sm text-muted-foreground">
            {bookingDay(booking.date)} · {clock12(booking.startTime)} – {clock12(booking.endTime)} ·{' '}
            {plural(booking.totalHours, 'hour')}
            {booking.type ? ` · ${booking.type}` : ''}
          </p>
          <p className="text-sm" data-testid="booking-earnings">
            You earn <strong>{jmdAmount(booking.earnings)}</strong>{' '}
            <span className="text-muted-foreground">
              ({jmdAmount(booking.hourlyRate)} / hour). The family pays {jmdAmount(booking.rate)}, including
              YaadCare’s {PLATFORM_FEE_PERCENT}% platform fee of {jmdAmount(booking.platformFee)}.
            </span>
          </p>
          {booking.family.location ? (
            <p className="text-sm text-muted-foreground">{booking.family.location}</p>
          ) : null}
          {booking.family.phone ? <p className="text-sm">Phone: {booking.family.phone}</p> : null}
          {booking.notes ? <p className="mt-1 text-sm">“{booking.notes}”</p> : null}
        </div>
        {booking.status === 'pending' ? (
          <div className="flex gap-2">
            <Button size="sm" disabled={answer.isPending} onClick={() => act('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => act('decline')}>
              Decline
            </Button>
          </div>
        ) : null}
      </div>
      {booking.canRateFamily ? (
        <div className="mt-2">
          <RateFamily bookingId={booking.id} familyName={family} />
        </div>
      ) : null}
    </li>
  );
}

export function BookingList({
  bookings,
  limit,
  rateFamily,
}: {
  bookings: Booking[];
  limit?: number;
  rateFamily: RateFamilySlot;
}) {
  const shown = limit ? bookings.slice(0, limit) : bookings;
  if (shown.length === 0) return <p className="text-muted-foreground">No bookings yet.</p>;
  return (
    <ul className="space-y-3">
      {shown.map((b) => (
        <BookingRow key={b.id} booking={b} rateFamily={rateFamily} />
      ))}
    </ul>
  );
}
