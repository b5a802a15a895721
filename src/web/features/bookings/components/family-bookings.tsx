import { useId } from 'react';
import type { CircleRole } from '../../../../shared/contracts/circles';
import { formatJmd, toCents } from '../../../../shared/money';
import { LIVE_PAYMENT_STATUSES, paymentStatusLabel } from '../../../../shared/payment-status';
import { buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Link } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { useEstimate } from '../../fx/api';
import { type BookingView, useMyBookings } from '../api';
import { backupsMayOpen } from '../backup-window';
import { useMyCircleRoles } from '../circles-api';
import { groupBySeries, positionIn, type SeriesPosition } from '../series-text';
import { ApprovalActions } from './approval-actions';
import { BookingCardShell } from './booking-card-shell';
import { CancelBookingButton } from './cancel-booking-button';
import { CancellationPolicy } from './cancellation-policy';
import { MemberCircleRows } from './circle-booking-details';
import { FamilySeriesList } from './family-series-list';
import { MoveBookingButton, mayMove } from './move-booking-button';

/**
 * What this family may do with a booking. Their own household's: pay, cancel, message and review as always.
 * A care circle's (ADR 0025): the server says who may approve, pay and cancel; the coordinator who booked is
 * the caregiver's contact (message, review); a viewer sees no payment at all.
 */
function allowed(booking: BookingView, userId: number | undefined, roles: CircleRole[] | undefined) {
  const circle = booking.circle;
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  const paid = !!booking.payment && LIVE_PAYMENT_STATUSES.includes(booking.payment.status);
  const started = new Date(booking.startsAt).getTime() <= Date.now();
  if (!circle) {
    return {
      pay: (open || booking.status === 'completed') && !paid,
      cancel: open && !started,
      move: mayMove(booking),
      contact: true,
      paymentRow: true,
    };
  }
  const booker = booking.familyId === userId;
  return {
    pay: circle.canPay && !paid,
    cancel: circle.canCancel && !started,
    // Coordinators move a circle's booking (the server: members who may book).
    move: circle.canCancel && mayMove(booking),
    contact: booker,
    // A viewer's list has no payment (not "not paid"); until the roles are known, say nothing either.
    paymentRow: !!booking.payment || booker || (roles !== undefined && roles.length > 0),
  };
}

function FamilyBookingCard({
  booking,
  userId,
  currency,
  roles,
  position,
}: {
  booking: BookingView;
  position?: SeriesPosition;
  userId: number | undefined;
  currency: string | undefined;
  roles: CircleRole[] | undefined;
}) {
  const cg = booking.caregiver;
  const may = allowed(booking, userId, roles);
  const circle = booking.circle;
  // A circle's payer abroad reads the total in their own currency too (ADR 0026); the charge stays in JMD.
  const estimate = useEstimate(
    toCents(booking.totalCost),
    currency,
    !!circle && (circle.canPay || circle.canApprove),
  );
  return (
    <BookingCardShell
      booking={booking}
      position={position}
      title={
        <Link to={`/caregiver/${cg.caregiverId}`} className="hover:underline">
          {cg.firstName} {cg.lastName.slice(0, 1)}.
        </Link>
      }
      subtitle={cg.location}
      details={
        <>
          {circle ? <MemberCircleRows booking={{ ...booking, circle }} /> : null}
          <div className="flex items-center gap-2">
            <dt className="font-semibold">Total</dt>
            <dd>{formatJmd(toCents(booking.totalCost))}</dd>
          </div>
          {estimate ? (
            <div className="flex flex-wrap gap-x-2 sm:col-span-2">
              <dt className="font-semibold">Estimate in {estimate.currency}</dt>
              <dd className="min-w-0 break-words" data-testid="booking-estimate">
                {estimate.text}
              </dd>
            </div>
          ) : null}
          {may.paymentRow ? (
            <div className="flex items-center gap-2">
              <dt className="font-semibold">Payment</dt>
              <dd>
                {booking.payment
                  ? paymentStatusLabel(booking.payment.status, booking.payment.method)
                  : 'Not paid yet'}
              </dd>
            </div>
          ) : null}
        </>
      }
      actions={
        <>
          {circle?.canApprove ? <ApprovalActions booking={booking} /> : null}
          {may.pay ? (
            <Link to={`/payment/${booking.id}`} className={buttonClasses({ size: 'sm' })}>
              Pay now
            </Link>
          ) : null}
          {may.contact ? (
            <Link to={`/chat/${cg.userId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Message
            </Link>
          ) : null}
          {booking.status === 'confirmed' || booking.status === 'completed' ? (
            <Link
              to={`/bookings/${booking.id}/visit`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Visit log
            </Link>
          ) : null}
          {may.move ? <MoveBookingButton booking={booking} /> : null}
          {backupsMayOpen(booking, new Date()) ? (
            <Link to={`/bookings/${booking.id}/backups`} className={buttonClasses({ size: 'sm' })}>
              {booking.status === 'cancelled'
                ? 'Your caregiver cancelled — see backups'
                : 'No check-in? See backups'}
            </Link>
          ) : null}
          {may.cancel ? <CancelBookingButton booking={booking} by="family" /> : null}
          {booking.status === 'completed' && may.contact ? (
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

/**
 * /bookings for families: every booking with its status colour, pay, cancel (policy shown), review; their
 * care circles' bookings too, those waiting for this payer's approval first.
 */
export function FamilyBookings() {
  const { data: user } = useCurrentUser();
  const { data, isPending, isError } = useMyBookings();
  const hasCircleBookings = !!data?.some((b) => b.circle);
  const { data: roles } = useMyCircleRoles(hasCircleBookings);
  const ids = { approval: useId(), rest: useId() };
  if (isPending) return <Spinner label="Loading bookings" />;
  if (isError) return <Alert>Your bookings could not be loaded. Please refresh the page.</Alert>;
  const groups = groupBySeries(data);
  const toApprove = data.filter((b) => b.circle?.canApprove);
  const rest = data.filter((b) => !b.circle?.canApprove);
  const card = (b: BookingView) => (
    <FamilyBookingCard
      key={b.id}
      booking={b}
      userId={user?.id}
      currency={user?.currency}
      roles={b.circle ? roles?.get(b.circle.id) : undefined}
      position={positionIn(b, groups)}
    />
  );
  return (
    <>
      {toApprove.length ? (
        <section aria-labelledby={ids.approval} className="mb-8">
          <h2 id={ids.approval} className="text-xl font-bold">
            Waiting for your approval ({toApprove.length})
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            The caregiver sees these requests only after a payer approves them.
          </p>
          <ul className="space-y-4">{toApprove.map(card)}</ul>
        </section>
      ) : null}
      <FamilySeriesList groups={groups} />
      <CancellationPolicy className="mb-6" />
      {data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <p className="text-muted-foreground">You have no bookings yet.</p>
          <Link to="/search" className={buttonClasses({ className: 'mt-4' })}>
            Find care
          </Link>
        </div>
      ) : rest.length ? (
        <section aria-labelledby={toApprove.length ? ids.rest : undefined}>
          {toApprove.length ? (
            <h2 id={ids.rest} className="mb-4 text-xl font-bold">
              Other bookings
            </h2>
          ) : null}
          <ul className="space-y-4">{rest.map(card)}</ul>
        </section>
      ) : null}
    </>
  );
}
