import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { addDays } from '../../../../shared/booking-series';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { FREE_CANCELLATION_HOURS } from '../../../../shared/pricing';
import { jamaicaToday } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { useRescheduleBooking } from '../api';
import { formatDay } from '../booking-time-text';
import { StartTimeOptions } from './form-parts';

const HOUR = 3_600_000;

/**
 * Whether the family side may move this booking now (the server decides again): pending or confirmed, not
 * started, and at least 24 hours ahead unless a parish emergency covers it (then it may be postponed).
 */
export function mayMove(booking: BookingView, now = new Date()): boolean {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return false;
  const ahead = new Date(booking.startsAt).getTime() - now.getTime();
  return ahead > 0 && (!!booking.emergency || ahead >= FREE_CANCELLATION_HOURS * HOUR);
}

/** The first Jamaica date after the emergency ends (at least tomorrow): where "Postpone" starts. */
function dateAfter(endsAt: string, today: string): string {
  const end = jamaicaToday(new Date(endsAt));
  const next = addDays(end, 1);
  return next > today ? next : addDays(today, 1);
}

/**
 * "Move" (or, in a parish emergency, "Postpone"): a new date and start time; the booking moves at once and
 * goes back to the caregiver as a request (ADR 0031). What happens if they say no is said before confirming.
 */
export function MoveBookingButton({ booking }: { booking: BookingView }) {
  const today = jamaicaToday();
  const postpone = !!booking.emergency;
  const initialDate = booking.emergency ? dateAfter(booking.emergency.endsAt, today) : booking.date;
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(initialDate);
  const [startTime, setStartTime] = useState(clock12(booking.startTime));
  const [error, setError] = useState<string | undefined>();
  const move = useRescheduleBooking();
  const caregiver = booking.caregiver.firstName;
  const verb = postpone ? 'Postpone' : 'Move';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date || date < today) return setError('Choose a date from today on.');
    setError(undefined);
    move.mutate(
      { id: booking.id, date, startTime },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: 'Booking moved',
            description: `${formatDay(date)} at ${startTime}: ${caregiver} is asked to accept the new time.`,
          });
        },
        onError: (err) => setError(errorMessage(err, 'The booking was not moved. Please try again.')),
      },
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDate(initialDate);
          setError(undefined);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          {verb}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">{verb} this booking</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            {postpone
              ? 'A parish emergency covers this booking, so it can be postponed even at short notice. '
              : ''}
            It moves at once and goes back to {caregiver} as a request. If {caregiver} declines or does not
            answer within 24 hours, the booking ends and anything held on your card is released in full.
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
            <FormField label="New date" error={error}>
              <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <FormField label="Start time">
              <Select value={startTime} onChange={(e) => setStartTime(e.target.value)}>
                <StartTimeOptions />
              </Select>
            </FormField>
            <p className="text-sm text-muted-foreground">Same length and price as before.</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Keep the time
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={move.isPending || !startTime}>
                {move.isPending ? 'Moving…' : `${verb} booking`}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
