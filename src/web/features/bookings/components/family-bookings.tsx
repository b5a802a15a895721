import { useId } from 'react';
import type { CircleRole } from '../../../../shared/contracts/circles';
import { receiptNumber } from '../../../../shared/contracts/receipts';
import { formatJmd, toCents } from '../../../../shared/money';
import { paymentStatusLabel } from '../../../../shared/payment-status';
import { buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { Link, useSearchParams } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { useEstimate } from '../../fx/api';
import { type BookingView, useMyBookings } from '../api';
import { backupsMayOpen } from '../backup-window';
import { useMyCircleRoles } from '../circles-api';
import { familyActions, familyMay, highlightedId, mayAnswerProposal, sectionBookings } from '../sections';
import { groupBySeries, positionIn, type SeriesPosition } from '../series-text';
import { ApprovalActions } from './approval-actions';
import { BookingCardShell } from './booking-card-shell';
import { type BookingTab, BookingTabs } from './booking-tabs';
import { CancelBookingButton } from './cancel-booking-button';
import { CancellationPolicy } from './cancellation-policy';
import { MemberCircleRows } from './circle-booking-details';
import { CounterProposalNote } from './counter-proposal';
import { EndAfterTrialButton } from './end-after-trial-button';
import { FamilySeriesList } from './family-series-list';
import { MoveBookingButton, mayMove } from './move-booking-button';
import { RefundNote } from './refund-note';
import { TipButton, TipNote } from './tip-button';

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
  const may = familyMay(booking, userId, roles, new Date());
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
      note={
        booking.status === 'pending' ? (
          <CounterProposalNote
            booking={booking}
            side="family"
            mayAnswer={mayAnswerProposal(booking, roles)}
          />
        ) : undefined
      }
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
            <div className="flex flex-wrap items-center gap-x-2 sm:col-span-2">
              <dt className="font-semibold">Payment</dt>
              <dd>
                {booking.payment
                  ? paymentStatusLabel(booking.payment.status, booking.payment.method)
                  : 'Not paid yet'}
              </dd>
              <RefundNote booking={booking} side="family" />
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
          {may.cancel && mayMove(booking) ? <MoveBookingButton booking={booking} /> : null}
          {backupsMayOpen(booking, new Date()) ? (
            <Link to={`/bookings/${booking.id}/backups`} className={buttonClasses({ size: 'sm' })}>
              {booking.status === 'cancelled'
                ? 'Your caregiver cancelled — see backups'
                : 'No check-in? See backups'}
            </Link>
          ) : null}
          {may.cancel ? <CancelBookingButton booking={booking} by="family" /> : null}
          <EndAfterTrialButton booking={booking} other={cg.firstName} />
          {may.paymentRow && booking.payment && toCents(booking.payment.capturedAmount ?? '0') > 0 ? (
            <Link
              to={`/receipts/${receiptNumber('charge', booking.payment.id)}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Receipt
            </Link>
          ) : null}
          <TipButton booking={booking} caregiver={cg.firstName} />
          <TipNote booking={booking} />
          {may.review && booking.review ? (
            <Link
              to={`/caregiver/${cg.caregiverId}?review=${booking.id}#reviews`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Leave a review
              <span className="sr-only"> (until {formatDate(booking.review.deadline)})</span>
            </Link>
          ) : null}
          {booking.review?.reviewed && may.contact ? (
            <p className="self-center text-sm text-muted-foreground">You reviewed this booking.</p>
          ) : null}
        </>
      }
    />
  );
}

/**
 * /bookings for families: the payer's approvals first, then the bookings in tabs (issue 32): what needs them
 * now, upcoming soonest first, past latest first, cancelled and declined; the booking just made or changed
 * (`?booking=<id>`) above them all, marked.
 */
export function FamilyBookings() {
  const { data: user } = useCurrentUser();
  const { data, isPending, isError } = useMyBookings();
  const hasCircleBookings = !!data?.some((b) => b.circle);
  const { data: roles } = useMyCircleRoles(hasCircleBookings);
  const [search] = useSearchParams();
  const approvalId = useId();
  if (isPending) return <Spinner label="Loading bookings" />;
  if (isError) return <Alert>Your bookings could not be loaded. Please refresh the page.</Alert>;
  const now = new Date();
  const groups = groupBySeries(data);
  const rolesOf = (b: BookingView) => (b.circle ? roles?.get(b.circle.id) : undefined);
  const highlight = highlightedId(search);
  const first = data.find((b) => b.id === highlight);
  const toApprove = data.filter((b) => b.circle?.canApprove && b.id !== highlight);
  // The booking just made or changed stands above the tabs, once: not again in its tab.
  const rest = data.filter((b) => !b.circle?.canApprove && b.id !== highlight);
  const sections = sectionBookings(rest, (b) => familyActions(b, user?.id, rolesOf(b), now).length > 0, now);
  const card = (b: BookingView) => (
    <FamilyBookingCard
      key={b.id}
      booking={b}
      userId={user?.id}
      currency={user?.currency}
      roles={rolesOf(b)}
      position={positionIn(b, groups)}
    />
  );
  const tabs: BookingTab[] = [
    {
      value: 'action',
      label: 'Needs action',
      empty: 'Nothing needs you now.',
      items: sections.action.map(card),
    },
    {
      value: 'upcoming',
      label: 'Upcoming',
      empty: 'No upcoming bookings.',
      items: sections.upcoming.map(card),
    },
    { value: 'past', label: 'Past', empty: 'No past bookings yet.', items: sections.past.map(card) },
    {
      value: 'closed',
      label: 'Cancelled & declined',
      empty: 'No cancelled, declined or expired bookings.',
      items: sections.closed.map(card),
    },
  ];
  return (
    <>
      {toApprove.length ? (
        <section aria-labelledby={approvalId} className="mb-8">
          <h2 id={approvalId} className="text-xl font-bold">
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
      ) : (
        <BookingTabs
          tabs={tabs}
          defaultValue={tabs.find((t) => t.items.length > 0)?.value ?? 'upcoming'}
          first={first ? card(first) : undefined}
        />
      )}
    </>
  );
}
