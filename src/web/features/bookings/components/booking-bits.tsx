import { CalendarDays, Clock } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { cancellationTerms, clock12 } from '../../../../shared/booking-rules';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { formatJmd, toCents } from '../../../../shared/money';
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_PERCENT } from '../../../../shared/pricing';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useBookingAction } from '../api';

/** Spec §4 badge colours: confirmed green, pending gold, completed grey; ended ones muted red. */
const STATUS_STYLE: Record<BookingView['status'], string> = {
  confirmed: 'bg-primary-soft text-primary-deep border-primary/40',
  pending: 'bg-accent-soft text-foreground border-accent',
  completed: 'bg-muted text-foreground border-border-strong',
  declined: 'bg-destructive-soft text-destructive border-destructive/40',
  expired: 'bg-muted text-muted-foreground border-border',
  cancelled: 'bg-destructive-soft text-destructive border-destructive/40',
};

const STATUS_LABEL: Record<BookingView['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: BookingView['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status],
      )}
      data-status={status}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

const longDay = new Intl.DateTimeFormat('en-JM', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Friday, 5 June 2026' for a yyyy-MM-dd date. */
export function formatDay(date: string): string {
  return longDay.format(new Date(`${date}T12:00:00Z`));
}

export const timeRange = (b: Pick<BookingView, 'startTime' | 'endTime'>) =>
  `${clock12(b.startTime)} – ${clock12(b.endTime)}`;

/** The date and time rows of a booking card's list (both sides' cards show them alike). */
export function BookingWhen({
  booking,
}: {
  booking: Pick<BookingView, 'date' | 'startTime' | 'endTime' | 'duration'>;
}) {
  return (
    <>
      <div className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">Date</dt>
        <dd>{formatDay(booking.date)}</dd>
      </div>
      <div className="flex items-center gap-2">
        <Clock aria-hidden="true" className="size-4 text-primary" />
        <dt className="sr-only">Time</dt>
        <dd>
          {timeRange(booking)} ({booking.duration} h)
        </dd>
      </div>
    </>
  );
}

/** The policy in words, shown before booking, paying and cancelling. */
export function CancellationPolicy({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Free cancellation up to {FREE_CANCELLATION_HOURS} hours before the start. Later,{' '}
      {LATE_CANCELLATION_PERCENT}% of the care cost goes to the caregiver and the rest is refunded. If the
      caregiver cancels, you get a full refund. You are charged only after the service is completed.
    </p>
  );
}

/** A cancel button that states what the cancellation costs, then asks to confirm. */
export function CancelBookingButton({ booking, by }: { booking: BookingView; by: 'family' | 'caregiver' }) {
  const [open, setOpen] = useState(false);
  const action = useBookingAction();
  const terms = cancellationTerms(
    {
      status: booking.status,
      startsAt: new Date(booking.startsAt),
      hourlyRateCents: toCents(booking.hourlyRate),
      duration: booking.duration,
    },
    by,
    new Date(),
  );
  const consequence =
    by === 'caregiver'
      ? 'The family gets a full refund.'
      : terms.lateFee > 0
        ? `This is less than ${FREE_CANCELLATION_HOURS} hours before the start: ${formatJmd(terms.lateFee)} goes to the caregiver as a late-cancellation fee and ${formatJmd(terms.refund)} is refunded.`
        : 'Cancelling now is free: nothing is charged.';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          Cancel booking
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Cancel this booking?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            {formatDay(booking.date)}, {timeRange(booking)}. {consequence}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Keep booking</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { id: booking.id, action: 'cancel' },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      toast({ title: 'Booking cancelled', description: consequence });
                    },
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Not cancelled',
                        description: errorMessage(error, 'Please try again.'),
                      }),
                  },
                )
              }
            >
              {action.isPending ? 'Cancelling…' : 'Cancel booking'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
