import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { cancellationTerms } from '../../../../shared/booking-rules';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { formatJmd, toCents } from '../../../../shared/money';
import { FREE_CANCELLATION_HOURS } from '../../../../shared/pricing';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useBookingAction } from '../api';
import { formatDay, timeRange } from '../booking-time-text';

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
  const consequence = booking.emergency
    ? 'A parish emergency covers this booking: cancelling is free, and the family gets a full refund.'
    : by === 'caregiver'
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
