import { ClipboardList, MapPin, MessageSquare, Phone } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { CAREGIVER_KINDS } from '../../../../shared/catalog';
import { formatJmd, toCents } from '../../../../shared/money';
import { paymentStatusLabel } from '../../../../shared/payment-status';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { Link } from '../../../lib/router';
import { type BookingView, useBookingAction, useMyBookings } from '../api';
import { careFor } from '../circle-text';
import { groupBySeries, positionIn, type SeriesPosition } from '../series-text';
import { BookingCardShell } from './booking-card-shell';
import { CancelBookingButton } from './cancel-booking-button';
import { CaregiverCircleRows } from './circle-booking-details';
import { SeriesRequestCard } from './series-request-card';

const kindLabel = (kind: string | null) => CAREGIVER_KINDS.find((k) => k.value === kind)?.label ?? 'Care';

function BookingCard({ booking, position }: { booking: BookingView; position?: SeriesPosition }) {
  const action = useBookingAction();
  const run = (act: 'accept' | 'decline' | 'complete', title: string, description: string) =>
    action.mutate(
      { id: booking.id, action: act },
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
          {booking.payment ? (
            <div className="flex items-center gap-2">
              <dt className="font-semibold">Payment</dt>
              <dd>{paymentStatusLabel(booking.payment.status, booking.payment.method)}</dd>
            </div>
          ) : null}
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
              <Button
                size="sm"
                variant="outline"
                disabled={action.isPending}
                onClick={() => run('decline', 'Booking Declined', `${family.firstName} has been notified.`)}
              >
                Decline
              </Button>
            </>
          ) : null}
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
] as const;

/** /bookings for caregivers (docs/product.md#screens-and-routes): counts, tabs upcoming / pending / completed, real actions. */
export function CaregiverBookings() {
  const { data, isPending, isError } = useMyBookings();
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
  const byTab = {
    upcoming: items(data.filter((b) => b.status === 'confirmed' || b.status === 'pending').reverse()),
    pending: items(data.filter((b) => b.status === 'pending').reverse()),
    completed: items(data.filter((b) => b.status === 'completed')),
  };
  return (
    <>
      <dl className="mb-6 grid grid-cols-3 gap-3">
        {TABS.map((t) => (
          <div key={t.value} className="rounded-xl border border-border bg-surface p-4 text-center">
            <dt className="text-sm text-muted-foreground">{t.label}</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${t.value}`}>
              {byTab[t.value].length}
            </dd>
          </div>
        ))}
      </dl>
      <Tabs.Root defaultValue="upcoming">
        <Tabs.List
          aria-label="Bookings"
          className="mb-4 inline-flex flex-wrap gap-1 rounded-lg border border-border bg-surface p-1"
        >
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md px-4 py-2 text-sm font-semibold hover:bg-muted data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
            >
              {t.label} ({byTab[t.value].length})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {byTab[t.value].length === 0 ? (
              <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
                {t.empty}
              </p>
            ) : (
              <ul className="space-y-4">
                {byTab[t.value].map((i) =>
                  i.booking ? (
                    <BookingCard key={i.key} booking={i.booking} position={positionIn(i.booking, groups)} />
                  ) : (
                    <SeriesRequestCard key={i.key} seriesId={i.seriesId} visits={i.visits} />
                  ),
                )}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
