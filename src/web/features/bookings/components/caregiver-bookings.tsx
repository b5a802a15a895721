import { ClipboardList, MapPin, MessageSquare, Phone } from 'lucide-react';
import { CAREGIVER_KINDS } from '../../../../shared/catalog';
import type { DeclineReason } from '../../../../shared/contracts/bookings';
import { formatJmd, toCents } from '../../../../shared/money';
import { LIVE_PAYMENT_STATUSES, paymentStatusLabel } from '../../../../shared/payment-status';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { Link, useSearchParams } from '../../../lib/router';
import { type BookingView, useBookingAction, useMyBookings } from '../api';
import { careFor } from '../circle-text';
import { highlightedId, sectionBookings } from '../sections';
import { groupBySeries, positionIn, type SeriesPosition } from '../series-text';
import { BookingCardShell } from './booking-card-shell';
import { BookingTabs } from './booking-tabs';
import { CancelBookingButton } from './cancel-booking-button';
import { CaregiverCircleRows } from './circle-booking-details';
import { CounterProposalNote, ProposeTimeDialog } from './counter-proposal';
import { DeclineDialog } from './decline-dialog';
import { EndAfterTrialButton } from './end-after-trial-button';
import { RefundNote } from './refund-note';
import { SeriesRequestCard } from './series-request-card';

const kindLabel = (kind: string | null) => CAREGIVER_KINDS.find((k) => k.value === kind)?.label ?? 'Care';

function BookingCard({ booking, position }: { booking: BookingView; position?: SeriesPosition }) {
  const action = useBookingAction();
  const run = (
    act: 'accept' | 'decline' | 'complete',
    title: string,
    description: string,
    reason?: DeclineReason,
  ) =>
    action.mutate(
      { id: booking.id, action: act, reason },
      {
        onSuccess: () => toast({ title, description }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Not changed',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  const family = booking.family;
  // A care circle's booking (ADR 0025): care for its recipient; the coordinator who booked is the contact.
  const circle = booking.circle;
  const ended = new Date(booking.endsAt).getTime() <= Date.now();
  return (
    <BookingCardShell
      booking={booking}
      position={position}
      title={
        circle ? (
          careFor(circle)
        ) : (
          <>
            {family.firstName} {family.lastName}
          </>
        )
      }
      subtitle={kindLabel(booking.type)}
      note={
        booking.status === 'pending' ? (
          <CounterProposalNote booking={booking} side="caregiver" mayAnswer={false} />
        ) : undefined
      }
      details={
        <>
          {circle ? (
            <>
              <CaregiverCircleRows circle={circle} status={booking.status} />
              <div className="flex items-center gap-2">
                <dt className="font-semibold">Contact</dt>
                <dd>
                  {family.firstName} {family.lastName}
                </dd>
              </div>
            </>
          ) : (
            <div className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              <dt className="sr-only">Location</dt>
              <dd>{family.location ?? 'Location not given'}</dd>
            </div>
          )}
          <div className="flex items-center gap-2">
            <dt className="font-semibold">Rate</dt>
            <dd>
              {formatJmd(toCents(booking.hourlyRate))}/hr · you earn {formatJmd(toCents(booking.subtotal))}
            </dd>
          </div>
          <div className="flex flex-wrap items-center gap-x-2 sm:col-span-2">
            <dt className="font-semibold">Payment</dt>
            <dd data-testid="caregiver-payment">
              {booking.payment
                ? paymentStatusLabel(booking.payment.status, booking.payment.method)
                : 'Not paid yet'}
            </dd>
            {unpaidNote(booking) ? (
              <dd className="w-full text-sm text-muted-foreground">{unpaidNote(booking)}</dd>
            ) : null}
            <RefundNote booking={booking} side="caregiver" />
          </div>
        </>
      }
      actions={
        <>
          {booking.status === 'confirmed' && !ended ? (
            <Link to={`/visits/${booking.id}`} className={buttonClasses({ size: 'sm' })}>
              <ClipboardList aria-hidden="true" className="size-4" /> Open visit screen
            </Link>
          ) : null}
          <Link to={`/chat/${family.userId}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <MessageSquare aria-hidden="true" className="size-4" /> Message
          </Link>
          {booking.status === 'confirmed' && family.phone ? (
            <a
              href={`tel:${family.phone.replace(/[^\d+]/g, '')}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Phone aria-hidden="true" className="size-4" /> Call {family.phone}
            </a>
          ) : null}
          {booking.status === 'pending' ? (
            <>
              <Button
                size="sm"
                disabled={action.isPending}
                onClick={() => run('accept', 'Booking Accepted', `${family.firstName} has been notified.`)}
              >
                Accept
              </Button>
              <ProposeTimeDialog booking={booking} who={circle ? careFor(circle) : family.firstName} />
              <DeclineDialog
                booking={booking}
                who={circle ? careFor(circle) : `${family.firstName} ${family.lastName}`}
                disabled={action.isPending}
                onDecline={(reason) =>
                  run('decline', 'Booking Declined', `${family.firstName} has been notified.`, reason)
                }
              />
            </>
          ) : null}
          <EndAfterTrialButton booking={booking} other={circle ? careFor(circle) : family.firstName} />
          {booking.status === 'confirmed' && ended ? (
            <Button
              size="sm"
              disabled={action.isPending}
              onClick={() => run('complete', 'Booking completed', 'Your earnings are on the Earnings page.')}
            >
              Mark completed
            </Button>
          ) : null}
          {booking.status === 'confirmed' && !ended ? (
            <CancelBookingButton booking={booking} by="caregiver" />
          ) : null}
        </>
      }
    />
  );
}

/**
 * What the caregiver should know of a booking nobody has paid (issue 32, defect 3): a series visit is held on
 * the family's card before it and released when still unpaid 24 hours before its start; a single booking is
 * paid out to them only once the family's payment is taken.
 */
export function unpaidNote(booking: BookingView): string | undefined {
  if (booking.payment && LIVE_PAYMENT_STATUSES.includes(booking.payment.status)) return undefined;
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return undefined;
  if (booking.seriesId != null) {
    return 'The family’s card is held before each visit. A visit still unpaid 24 hours before its start is released, and you are told.';
  }
  return booking.status === 'pending'
    ? 'You may accept before they pay. You are paid out only once their payment is taken: ask them to pay before the visit.'
    : 'Not paid yet: you are paid out only once their payment is taken. Ask them to pay before the visit.';
}

/** One card of a tab: a booking, or a series waiting for the caregiver's answer. */
type Item =
  | { key: string; booking: BookingView; seriesId?: never; visits?: never }
  | { key: string; booking?: never; seriesId: number; visits: BookingView[] };

const TABS = [
  {
    value: 'upcoming',
    label: 'Upcoming',
    empty: 'No upcoming bookings. New requests and confirmed bookings show here.',
  },
  { value: 'pending', label: 'Pending', empty: 'No requests waiting for your answer.' },
  { value: 'completed', label: 'Completed', empty: 'No completed bookings yet.' },
  {
    value: 'closed',
    label: 'Cancelled & declined',
    empty: 'No cancelled, declined or expired bookings.',
  },
] as const;

/** /bookings for caregivers (docs/product.md#screens-and-routes): counts, tabs upcoming / pending / completed, real actions. */
export function CaregiverBookings() {
  const { data, isPending, isError } = useMyBookings();
  const [search] = useSearchParams();
  if (isPending) return <Spinner label="Loading bookings" />;
  if (isError) return <Alert>Your bookings could not be loaded. Please refresh the page.</Alert>;
  // docs/product.md#booking-states-and-transitions: upcoming = confirmed or pending; pending tab = pending; completed tab = completed.
  const groups = groupBySeries(data);
  // A series still waiting for the answer is one card (answered as a whole on its page), not one per visit.
  const asked = new Set(
    [...groups].filter(([, v]) => v.some((b) => b.status === 'pending')).map(([id]) => id),
  );
  const items = (list: BookingView[]): Item[] => {
    const seen = new Set<number>();
    const out: Item[] = [];
    for (const b of list) {
      if (b.seriesId == null || !asked.has(b.seriesId)) out.push({ key: `b${b.id}`, booking: b });
      else if (!seen.has(b.seriesId)) {
        // The series' card stands where the first of its visits in this list would.
        seen.add(b.seriesId);
        out.push({
          key: `s${b.seriesId}`,
          seriesId: b.seriesId,
          visits: (groups.get(b.seriesId) ?? []).filter((v) => v.status === 'pending'),
        });
      }
    }
    return out;
  };
  const now = new Date();
  const highlight = highlightedId(search);
  const first = data.find((b) => b.id === highlight);
  // The booking just made or changed stands above the tabs, once: not again in its tab.
  const sections = sectionBookings(
    data.filter((b) => b.id !== highlight),
    () => false,
    now,
  );
  const byTab = {
    // Soonest first; a confirmed visit that ended but is not marked completed yet stays here to complete.
    upcoming: items(
      [...sections.upcoming, ...sections.past.filter((b) => b.status === 'confirmed')].filter(
        (b) => b.status === 'confirmed' || b.status === 'pending',
      ),
    ),
    pending: items(sections.upcoming.filter((b) => b.status === 'pending')),
    completed: items(sections.past.filter((b) => b.status === 'completed')),
    closed: items(sections.closed),
  };
  const render = (i: Item) =>
    i.booking ? (
      <BookingCard key={i.key} booking={i.booking} position={positionIn(i.booking, groups)} />
    ) : (
      <SeriesRequestCard key={i.key} seriesId={i.seriesId} visits={i.visits} />
    );
  return (
    <>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {TABS.map((t) => (
          <div key={t.value} className="rounded-xl border border-border bg-surface p-4 text-center">
            <dt className="text-sm text-muted-foreground">{t.label}</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${t.value}`}>
              {byTab[t.value].length}
            </dd>
          </div>
        ))}
      </dl>
      <BookingTabs
        defaultValue="upcoming"
        first={first ? <BookingCard booking={first} position={positionIn(first, groups)} /> : undefined}
        tabs={TABS.map((t) => ({ ...t, items: byTab[t.value].map(render) }))}
      />
    </>
  );
}
