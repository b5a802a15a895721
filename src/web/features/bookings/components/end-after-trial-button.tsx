import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { useEndAfterTrial } from '../api';

/**
 * "End after trial" on a completed trial visit's card (ADR 0048): either side, within 14 days of its end.
 * It asks first and says that no fees apply: every booking between them still to come is cancelled.
 */
export function EndAfterTrialButton({ booking, other }: { booking: BookingView; other: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const end = useEndAfterTrial();
  const reasonId = useId();
  if (!booking.trialEnd?.canEnd) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          End after trial
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">End things after the trial?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            Every upcoming booking with {other} is cancelled. No cancellation fees apply to either side, and
            anything held or paid for those bookings is released or refunded in full. {other} is told. You can
            do this until {formatDate(booking.trialEnd.deadline)}.
          </Dialog.Description>
          <div className="mt-4 space-y-1">
            <label htmlFor={reasonId} className="text-sm font-semibold">
              Reason (optional)
            </label>
            <textarea
              id={reasonId}
              maxLength={500}
              rows={2}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={cn(fieldClasses, 'py-2')}
            />
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Keep going</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={end.isPending}
              onClick={() =>
                end.mutate(
                  { id: booking.id, reason: reason.trim() || undefined },
                  {
                    onSuccess: (r) => {
                      setOpen(false);
                      const n = r.cancelledBookingIds.length;
                      toast({
                        title: 'Ended after the trial',
                        description: n
                          ? `${n} upcoming booking${n === 1 ? '' : 's'} cancelled, with no fees.`
                          : 'There were no upcoming bookings to cancel.',
                      });
                    },
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Not ended',
                        description: errorMessage(error, 'Please try again.'),
                      }),
                  },
                )
              }
            >
              {end.isPending ? 'Ending…' : 'End after trial'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
