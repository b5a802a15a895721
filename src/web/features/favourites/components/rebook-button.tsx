import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { addDays } from '../../../../shared/booking-series';
import { REBOOK_MESSAGES } from '../../../../shared/contracts/favourites';
import { jamaicaToday } from '../../../../shared/time';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import { Link, useNavigate } from '../../../lib/router';
import { START_TIMES } from '../../bookings/booking-form';
import { formatDay } from '../../bookings/booking-time-text';
import { useRebook, useRebookOptions } from '../api';

const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;

/**
 * "Book again" on a favourite (a Family Plan feature, gated on the server): the last confirmed or completed
 * booking with them, repeated on a date the family picks. Without the plan, the dialog says so and links
 * to the plans; with no booking to repeat, to the caregiver's profile.
 */
export function RebookButton({ caregiverId, firstName }: { caregiverId: number; firstName: string }) {
  const [open, setOpen] = useState(false);
  const options = useRebookOptions(caregiverId, open);
  const rebook = useRebook();
  const navigate = useNavigate();
  const today = jamaicaToday();
  const [date, setDate] = useState(addDays(today, 1));
  const [startTime, setStartTime] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const last = options.data?.last;
  const chosenStart = startTime ?? (last ? clock12(last.startTime) : '');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date || date < today) return setError('Choose a date from today on.');
    setError(undefined);
    rebook.mutate(
      { caregiverId, date, startTime: chosenStart },
      {
        onSuccess: (booking) => {
          setOpen(false);
          toast({
            title: 'Booking request sent',
            description: `${formatDay(date)} at ${chosenStart}: ${firstName} is asked to accept. Pay to secure it.`,
          });
          navigate(`/payment/${booking.id}`);
        },
        onError: (err) => setError(errorMessage(err, 'The booking was not made. Please try again.')),
      },
    );
  }

  let body: React.ReactNode;
  if (options.isPending) {
    body = <Spinner label="Loading your last booking" className="py-6" />;
  } else if (options.isError) {
    body = (
      <p className="mt-4 text-sm text-destructive" role="alert">
        {errorMessage(options.error, 'Your last booking could not be loaded. Please try again.')}
      </p>
    );
  } else if (!options.data.allowed) {
    body = (
      <div className="mt-4 space-y-3 text-sm">
        <p>{REBOOK_MESSAGES.planRequired}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/pricing#plans" className={buttonClasses({ size: 'sm' })}>
            See the Family Plan
          </Link>
          <Link
            to={`/caregiver/${caregiverId}`}
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
          >
            Book from {firstName}'s profile
          </Link>
        </div>
      </div>
    );
  } else if (!last) {
    body = (
      <div className="mt-4 space-y-3 text-sm">
        <p>{REBOOK_MESSAGES.neverBooked}</p>
        <Link to={`/caregiver/${caregiverId}`} className={buttonClasses({ size: 'sm' })}>
          Open {firstName}'s profile
        </Link>
      </div>
    );
  } else {
    body = (
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <p className="text-sm">
          Same as on {formatDay(last.date)}: {hoursText(last.duration)}
          {last.notes ? `, with your notes (“${last.notes}”)` : ''}.
        </p>
        <FormField label="Date" error={error}>
          <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="Start time">
          <Select value={chosenStart} onChange={(e) => setStartTime(e.target.value)}>
            {START_TIMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button type="button" variant="outline">
              Not now
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={rebook.isPending}>
            {rebook.isPending ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setError(undefined);
          setStartTime(undefined);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Book again with ${firstName}`}>
          Book again
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Book {firstName} again</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            The request goes to {firstName} like any booking: pending until they accept.
          </Dialog.Description>
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
