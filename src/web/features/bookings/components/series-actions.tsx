import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { cancellationTerms } from '../../../../shared/booking-rules';
import { formatJmd, toCents } from '../../../../shared/money';
import { FREE_CANCELLATION_HOURS } from '../../../../shared/pricing';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { type BookingSeriesView, type SeriesAction, useSeriesAction } from '../series-api';
import { visitsToCancel } from '../series-text';
import { CancellationPolicy } from './cancellation-policy';

function useRun(id: number) {
  const action = useSeriesAction(id);
  const run = (act: SeriesAction, title: string, description: string, done?: () => void) =>
    action.mutate(act, {
      onSuccess: () => {
        done?.();
        toast({ title, description });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Not changed',
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  return { run, pending: action.isPending };
}

/** The caregiver answers the series as a whole (every visit waiting for them, in one step). */
export function CaregiverSeriesActions({ series }: { series: BookingSeriesView }) {
  const { run, pending } = useRun(series.id);
  if (series.status !== 'requested') return null;
  if (series.bookings.some((b) => b.status === 'awaiting_approval')) {
    return (
      <Alert variant="info">
        Some visits still wait for a payer’s approval: answer once they are approved.
      </Alert>
    );
  }
  if (!series.bookings.some((b) => b.status === 'pending')) return null;
  const family = series.bookings[0]?.family.firstName ?? 'The family';
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        disabled={pending}
        onClick={() =>
          run('accept', 'Series accepted', `Every visit is confirmed. ${family} has been notified.`)
        }
      >
        Accept series
      </Button>
      <Button
        variant="outline"
        disabled={pending}
        onClick={() => run('decline', 'Series declined', `${family} has been notified.`)}
      >
        Decline series
      </Button>
    </div>
  );
}

/**
 * "Cancel the rest of the series": every visit still to come, each under the cancellation policy; the
 * dialog says what that costs now, visit by visit summed, before anything is sent.
 */
export function CancelRestButton({ series }: { series: BookingSeriesView }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useRun(series.id);
  if (series.status !== 'requested' && series.status !== 'accepted') return null;
  const now = new Date();
  const rest = visitsToCancel(series.bookings, now);
  if (rest.length === 0) return null;
  const late = rest
    .map((v) =>
      cancellationTerms(
        {
          status: v.status,
          startsAt: new Date(v.startsAt),
          hourlyRateCents: toCents(v.hourlyRate),
          duration: v.duration,
        },
        'family',
        now,
      ),
    )
    .filter((t) => t.lateFee > 0);
  const fees = late.reduce((sum, t) => sum + t.lateFee, 0);
  const count = rest.length === 1 ? '1 visit still to come is' : `${rest.length} visits still to come are`;
  const consequence =
    fees > 0
      ? `${late.length === 1 ? '1 of them is' : `${late.length} of them are`} confirmed and less than ${FREE_CANCELLATION_HOURS} hours away: ${formatJmd(fees)} goes to the caregiver as late-cancellation fees and the rest is refunded. The others are cancelled free.`
      : 'Cancelling now is free: nothing is charged.';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">Cancel the rest of the series</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Cancel the rest of the series?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            {count} cancelled in one step. {consequence}
          </Dialog.Description>
          <CancellationPolicy className="mt-3 text-xs" />
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Keep the series</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={() => run('cancel-rest', 'Series cancelled', consequence, () => setOpen(false))}
            >
              {pending ? 'Cancelling…' : 'Cancel the rest'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The caregiver leaves an accepted series: every visit still to come is cancelled on their side, anything
 * held for them is released to the family in full, and the family side is told once (ADR 0031).
 */
export function LeaveSeriesButton({ series }: { series: BookingSeriesView }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useRun(series.id);
  if (series.status !== 'accepted') return null;
  const rest = visitsToCancel(series.bookings, new Date());
  if (rest.length === 0) return null;
  const family = series.bookings[0]?.family.firstName ?? 'The family';
  const count =
    rest.length === 1 ? 'The 1 visit still to come is' : `The ${rest.length} visits still to come are`;
  const consequence = `${count} cancelled, and anything held for them is released to ${family} in full.`;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">Leave this series</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Leave this series?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">{consequence}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Stay on the series</Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={() =>
                run('leave', 'You left the series', `${family} has been told.`, () => setOpen(false))
              }
            >
              {pending ? 'Leaving…' : 'Leave the series'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
