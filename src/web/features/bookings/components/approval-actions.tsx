import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type BookingView, useBookingAction } from '../api';
import { formatDay, timeRange } from '../booking-time-text';

/**
 * A payer's answer to a circle booking awaiting approval (ADR 0025): Approve sends it to the caregiver;
 * Decline asks to confirm first, then ends it. A refusal (the caregiver was booked meanwhile: 409) shows the
 * server's message on the card.
 */
export function ApprovalActions({ booking }: { booking: BookingView }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const action = useBookingAction();
  const who = booking.circle?.recipient.firstName ?? 'the recipient';
  const caregiver = booking.caregiver.firstName;

  const run = (act: 'approve' | 'decline-approval') => {
    setFailure(undefined);
    action.mutate(
      { id: booking.id, action: act },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(
            act === 'approve'
              ? { title: 'Booking approved', description: `${caregiver} now sees the request for ${who}.` }
              : {
                  title: 'Booking declined',
                  description: `${caregiver} was not asked, and nothing is charged.`,
                },
          );
        },
        onError: (error) => {
          setConfirming(false);
          setFailure(
            errorMessage(
              error,
              act === 'approve' ? 'Not approved. Please try again.' : 'Not declined. Please try again.',
            ),
          );
        },
      },
    );
  };

  return (
    <div className="w-full space-y-2">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={action.isPending} onClick={() => run('approve')}>
          {action.isPending && action.variables?.action === 'approve' ? 'Approving…' : 'Approve'}
        </Button>
        <Dialog.Root open={confirming} onOpenChange={setConfirming}>
          <Dialog.Trigger asChild>
            <Button size="sm" variant="outline" disabled={action.isPending}>
              Decline
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
              <Dialog.Title className="text-lg font-bold">Decline this booking?</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm">
                {caregiver} for {who}, {formatDay(booking.date)}, {timeRange(booking)}. The request ends here:{' '}
                {caregiver} is not asked, nothing is charged, and the circle’s members are told.
              </Dialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline">Keep it waiting</Button>
                </Dialog.Close>
                <Button
                  variant="destructive"
                  disabled={action.isPending}
                  onClick={() => run('decline-approval')}
                >
                  {action.isPending ? 'Declining…' : 'Decline booking'}
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </div>
  );
}
