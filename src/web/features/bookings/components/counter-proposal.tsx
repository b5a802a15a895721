import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { COUNTER_NOTE_MAX, clock12, clock24, parseClock } from '../../../../shared/booking-rules';
import type { BookingView } from '../../../../shared/contracts/bookings';
import { formatJmd, toCents } from '../../../../shared/money';
import { jamaicaToday } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { fieldClasses, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-messages';
import { useAnswerProposal, useProposeTime } from '../api';
import { StartTimeOptions } from './form-parts';

const shortDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** 'Tue 8 Dec' for a yyyy-MM-dd date. */
export function formatShortDay(date: string): string {
  return shortDay.format(new Date(`${date}T12:00:00Z`)).replace(',', '');
}

/** 'Tue 8 Dec, 10:00 AM–1:00 PM': the open proposal's time, or undefined when none is open. */
export function proposalWhen(booking: BookingView): string | undefined {
  const p = booking.counterProposal;
  if (p?.status !== 'open') return undefined;
  return `${formatShortDay(p.date)}, ${clock12(p.startTime)}–${clock12(p.endTime)}`;
}

/** 'Shanique proposed Tue 8 Dec, 10:00 AM–1:00 PM instead' (the family's card). */
export function proposalText(booking: BookingView): string | undefined {
  const when = proposalWhen(booking);
  return when ? `${booking.caregiver.firstName} proposed ${when} instead` : undefined;
}

/** End times on the hour from 7:00 AM to 11:00 PM (a booking ends the day it starts). */
const END_TIMES = Array.from({ length: 17 }, (_, i) => clock12(clock24((i + 7) * 60)));

/**
 * The caregiver's "Propose another time" on a pending request (ADR 0048): a date, a start and an end, and a
 * short note; the family accepts (the booking moves there and is confirmed) or declines (the request stays).
 */
export function ProposeTimeDialog({ booking, who }: { booking: BookingView; who: string }) {
  const today = jamaicaToday();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(booking.date);
  const [startTime, setStartTime] = useState(clock12(booking.startTime));
  const [endTime, setEndTime] = useState(clock12(booking.endTime));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const propose = useProposeTime();
  const noteId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!date || date < today) return setError('Choose a date from today on.');
    const start = parseClock(startTime);
    const end = parseClock(endTime);
    if (start === undefined || end === undefined || end - start < 60)
      return setError('The end must be at least an hour after the start.');
    setError(undefined);
    propose.mutate(
      { id: booking.id, date, startTime, endTime, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          toast({
            title: 'New time proposed',
            description: `${who} is asked to accept ${formatShortDay(date)}, ${startTime}–${endTime}.`,
          });
        },
        onError: (err) => setError(errorMessage(err, 'The time was not proposed. Please try again.')),
      },
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          Propose another time
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-lg">
          <Dialog.Title className="text-lg font-bold">Propose another time</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">
            Instead of declining, suggest a time that suits you. {who} can accept it (the booking moves there
            and is confirmed) or decline it (the request stays as it is).
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
            <FormField label="Date" error={error}>
              <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <div className="grid grid-cols-2 gap-3">
              <FormField label="Start">
                <Select value={startTime} onChange={(e) => setStartTime(e.target.value)}>
                  <StartTimeOptions />
                </Select>
              </FormField>
              <FormField label="End">
                <Select value={endTime} onChange={(e) => setEndTime(e.target.value)}>
                  {END_TIMES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <div className="space-y-1">
              <label htmlFor={noteId} className="text-sm font-semibold">
                Note (optional)
              </label>
              <textarea
                id={noteId}
                maxLength={COUNTER_NOTE_MAX}
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                className={cn(fieldClasses, 'py-2')}
              />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Keep the request
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={propose.isPending || !startTime}>
                {propose.isPending ? 'Sending…' : 'Send proposal'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * An open counter-proposal on a card: the family side reads it with Accept and Decline (when `mayAnswer`);
 * the caregiver reads that the family is asked.
 */
export function CounterProposalNote({
  booking,
  side,
  mayAnswer,
}: {
  booking: BookingView;
  side: 'family' | 'caregiver';
  mayAnswer: boolean;
}) {
  const answer = useAnswerProposal();
  const p = booking.counterProposal;
  const when = proposalWhen(booking);
  if (!p || !when) return null;
  const total = p.totalCost ? formatJmd(toCents(p.totalCost)) : undefined;
  const run = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: booking.id, answer: choice },
      {
        onSuccess: () =>
          toast({
            title: choice === 'accept' ? 'New time accepted' : 'Proposal declined',
            description:
              choice === 'accept'
                ? `Your booking is confirmed for ${when}.`
                : `Your request stays as it was; ${booking.caregiver.firstName} can still accept it.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Not changed',
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  return (
    <div
      className="w-full rounded-xl border border-primary/40 bg-primary/5 p-3 text-sm"
      data-testid={`counter-proposal-${booking.id}`}
    >
      <p className="font-semibold">
        {side === 'family'
          ? `${booking.caregiver.firstName} proposed ${when} instead`
          : `You proposed ${when} instead`}
      </p>
      {p.note ? <p className="mt-1">“{p.note}”</p> : null}
      {side === 'family' ? (
        <p className="mt-1 text-muted-foreground">
          {total ? `Total at that time: ${total}. ` : ''}Accepting moves the booking there and confirms it.
        </p>
      ) : (
        <p className="mt-1 text-muted-foreground">Waiting for the family to accept or decline.</p>
      )}
      {side === 'family' && mayAnswer ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" disabled={answer.isPending} onClick={() => run('accept')}>
            Accept new time
          </Button>
          <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => run('decline')}>
            Decline new time
          </Button>
        </div>
      ) : null}
    </div>
  );
}
