import { formatJmd, toCents } from '../../../../shared/money';
import { LIVE_PAYMENT_STATUSES, paymentStatusLabel } from '../../../../shared/payment-status';
import { buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Link } from '../../../lib/router';
import { type BookingView, useMyBookings } from '../api';
import { BookingCardShell } from './booking-card-shell';
import { CancelBookingButton } from './cancel-booking-button';
import { CancellationPolicy } from './cancellation-policy';

function FamilyBookingCard({ booking }: { booking: BookingView }) {
  const cg = booking.caregiver;
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  const paid = !!booking.payment && LIVE_PAYMENT_STATUSES.includes(booking.payment.status);
  const needsPayment = (open || booking.status === 'completed') && !paid;
  const started = new Date(booking.startsAt).getTime() <= Date.now();
  return (
    <BookingCardShell
      booking={booking}
      title={
        <Link to={`/caregiver/${cg.caregiverId}`} className="hover:underline">
          {cg.firstName} {cg.lastName.slice(0, 1)}.
        </Link>
      }
      subtitle={cg.location}
      details={
        <>
          <div className="flex items-center gap-2">
            <dt className="font-semibold">Total</dt>
            <dd>{formatJmd(toCents(booking.totalCost))}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="font-semibold">Payment</dt>
            <dd>
              {booking.payment
                ? paymentStatusLabel(booking.payment.status, booking.payment.method)
                : 'Not paid yet'}
            </dd>
          </div>
        </>
      }
      actions={
        <>
          {needsPayment ? (
            <Link to={`/payment/${booking.id}`} className={buttonClasses({ size: 'sm' })}>
              Pay now
            </Link>
          ) : null}
          <Link to={`/chat/${cg.userId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Message
          </Link>
          {open && !started ? <CancelBookingButton booking={booking} by="family" /> : null}
          {booking.status === 'completed' ? (
            <Link
              to={`/caregiver/${cg.caregiverId}?review=${booking.id}#reviews`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Leave a review
            </Link>
          ) : null}
        </>
      }
    />
  );
}

/** /bookings for families: every booking with its status colour, pay, cancel (policy shown), review. */
export function FamilyBookings() {
  const { data, isPending, isError } = useMyBookings();
  if (isPending) return <Spinner label="Loading bookings" />;
  if (isError) return <Alert>Your bookings could not be loaded. Please refresh the page.</Alert>;
  return (
    <>
      <CancellationPolicy className="mb-6" />
      {data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <p className="text-muted-foreground">You have no bookings yet.</p>
          <Link to="/search" className={buttonClasses({ className: 'mt-4' })}>
            Find care
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {data.map((b) => (
            <FamilyBookingCard key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </>
  );
}
