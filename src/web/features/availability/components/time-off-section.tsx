import { type FormEvent, useId, useState } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { CreateExtraHoursRequest, CreateTimeOffRequest } from '../../../../shared/contracts/availability';
import { shortDate } from '../../../../shared/free-time';
import { jamaicaToday } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Alert, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/error-messages';
import {
  type AvailabilityException,
  useAddExtraHours,
  useAddTimeOff,
  useMyExceptions,
  useRemoveException,
} from '../api';

type Shape = 'day' | 'range' | 'part';
type Errors = Partial<Record<string, string>>;

/** Field errors of a zod result, first message per field. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? 'form');
    out[key] ??= i.message;
  }
  return out;
}

/** 'Mon 7 Dec – Fri 11 Dec', 'Mon 7 Dec, 9:00 AM – 12:00 PM'. */
export function exceptionText(e: AvailabilityException): string {
  const days = e.from === e.to ? shortDate(e.from) : `${shortDate(e.from)} – ${shortDate(e.to)}`;
  const hours = e.startTime && e.endTime ? `, ${clock12(e.startTime)} – ${clock12(e.endTime)}` : '';
  return `${days}${hours}`;
}

function ExceptionList({
  kind,
  what,
  empty,
}: {
  kind: 'time-off' | 'extra-hours';
  what: string;
  empty: string;
}) {
  const list = useMyExceptions(kind);
  const remove = useRemoveException(kind);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Alert>We couldn't load your {what}. Please refresh the page.</Alert>;
  if (!list.data.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {list.data.map((e) => {
        const text = exceptionText(e);
        return (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{text}</span>
              {e.note ? <span className="text-muted-foreground"> · {e.note}</span> : null}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              aria-label={`Remove ${what} ${text}`}
              onClick={() =>
                remove.mutate(e.id, {
                  onSuccess: () => toast({ title: 'Removed', description: `${text} is no longer ${what}.` }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Not removed',
                      description: errorMessage(error, 'Something went wrong. Please try again.'),
                    }),
                })
              }
            >
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Adds time off: a whole day, a range of days, or part of a day, with an optional note. */
function TimeOffForm() {
  const today = jamaicaToday();
  const [shape, setShape] = useState<Shape>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddTimeOff();
  const name = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      from,
      to: shape === 'range' ? to : from,
      ...(shape === 'part' ? { startTime, endTime } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const parsed = CreateTimeOffRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Time off added', description: 'Families will not see you as free then.' });
        setFrom('');
        setTo('');
        setStartTime('');
        setEndTime('');
        setNote('');
      },
      onError: (error) => setErrors({ form: errorMessage(error, 'Something went wrong. Please try again.') }),
    });
  };

  const shapes: [Shape, string][] = [
    ['day', 'A whole day'],
    ['range', 'A range of days'],
    ['part', 'Part of a day'],
  ];
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add time off">
      <fieldset>
        <legend className="text-sm font-semibold">How long?</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {shapes.map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={name}
                value={value}
                checked={shape === value}
                onChange={() => {
                  setShape(value);
                  setErrors({});
                }}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={shape === 'range' ? 'First day' : 'Date'} error={errors.from}>
          <Input type="date" min={today} value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        {shape === 'range' ? (
          <FormField label="Last day" error={errors.to}>
            <Input type="date" min={from || today} value={to} onChange={(e) => setTo(e.target.value)} />
          </FormField>
        ) : null}
        {shape === 'part' ? (
          <>
            <FormField label="From (Jamaica time)" error={errors.startTime}>
              <Input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
            </FormField>
            <FormField label="Until (Jamaica time)" error={errors.endTime}>
              <Input type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
            </FormField>
          </>
        ) : null}
      </div>
      <FormField label="Note (optional, only you see it)" error={errors.note}>
        <Textarea value={note} maxLength={200} rows={2} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add time off'}
      </Button>
    </form>
  );
}

/** Adds hours on one date beyond the weekly pattern. */
function ExtraHoursForm() {
  const today = jamaicaToday();
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const add = useAddExtraHours();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { date, startTime, endTime };
    const parsed = CreateExtraHoursRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Extra hours added', description: 'Families can book you then.' });
        setDate('');
        setStartTime('');
        setEndTime('');
      },
      onError: (error) => setErrors({ form: errorMessage(error, 'Something went wrong. Please try again.') }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add extra hours">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Date" error={errors.date}>
          <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="From (Jamaica time)" error={errors.startTime}>
          <Input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        </FormField>
        <FormField label="Until (Jamaica time)" error={errors.endTime}>
          <Input type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
        </FormField>
      </div>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add extra hours'}
      </Button>
    </form>
  );
}

/** The availability page's dated exceptions (ADR 0046): time off and extra hours, each added and listed. */
export function TimeOffSection() {
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-xl font-bold">Time off</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Days or hours you are away. Families cannot book you then, and your profile shows no free time.
        </p>
        <div className="mt-4">
          <TimeOffForm />
        </div>
        <h3 className="mt-6 font-semibold">Upcoming time off</h3>
        <div className="mt-2">
          <ExceptionList kind="time-off" what="time off" empty="No time off planned." />
        </div>
      </Card>
      <Card>
        <h2 className="text-xl font-bold">Extra hours</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Hours on a date beyond your weekly times, when families can book you.
        </p>
        <div className="mt-4">
          <ExtraHoursForm />
        </div>
        <h3 className="mt-6 font-semibold">Upcoming extra hours</h3>
        <div className="mt-2">
          <ExceptionList kind="extra-hours" what="extra hours" empty="No extra hours added." />
        </div>
      </Card>
    </div>
  );
}
