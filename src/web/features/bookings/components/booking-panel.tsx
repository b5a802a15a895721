import { CalendarDays, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { BOOKING_MESSAGES, jamaicaInstantAt, MAX_NOTES } from '../../../../shared/booking-rules';
import type { CaregiverProfile } from '../../../../shared/contracts/caregivers';
import { formatJmd, PLATFORM_FEE_PERCENT, toCents } from '../../../../shared/money';
import { jamaicaToday } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { Alert, FieldErrorText } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { useBookingFill } from '../../../lib/booking-fill';
import { errorToast } from '../../../lib/error-messages';
import type { FromState } from '../../../lib/from-state';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCurrentUser } from '../../auth/api';
import { useCreateBooking } from '../api';
import {
  bookingCost,
  buildBookingRequest,
  DEFAULT_DURATION,
  DURATIONS,
  durationLabel,
  endTimeFor,
  isValidBookingDate,
  parseHour,
  START_TIMES,
} from '../booking-form';
import { bookingOutcome } from '../circle-text';
import { draftFromSearch } from '../prefill';
import { BookingModeChoice, LazySeriesForm, useBookingMode } from './booking-mode';
import { CancellationPolicy } from './cancellation-policy';
import { CareForChoice } from './care-for-choice';
import { PanelEmergencyWarning } from './emergency-warning';
import { DurationOptions, NotesTextarea, StartTimeOptions } from './form-parts';
import { asTrial, TrialVisitChoice } from './trial-visit-choice';

interface Draft {
  date: string;
  startTime: string;
  duration: number;
  notes: string;
}

const EMPTY_DRAFT: Draft = { date: '', startTime: '', duration: DEFAULT_DURATION, notes: '' };

/** The choices survive the trip to /login and back (this tab only). */
function draftKey(caregiverId: number) {
  return `yaadcare:booking-draft:${caregiverId}`;
}

function loadDraft(caregiverId: number): Draft {
  try {
    const saved = JSON.parse(
      sessionStorage.getItem(draftKey(caregiverId)) ?? 'null',
    ) as Partial<Draft> | null;
    if (!saved || typeof saved !== 'object') return EMPTY_DRAFT;
    return {
      date: typeof saved.date === 'string' ? saved.date : '',
      startTime:
        typeof saved.startTime === 'string' && START_TIMES.includes(saved.startTime) ? saved.startTime : '',
      duration:
        typeof saved.duration === 'number' && (DURATIONS as readonly number[]).includes(saved.duration)
          ? saved.duration
          : DEFAULT_DURATION,
      notes: typeof saved.notes === 'string' ? saved.notes.slice(0, MAX_NOTES) : '',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/**
 * The sticky booking panel of a caregiver's profile (docs/product.md#screens-and-routes, #validation-rules, #constants-and-limits): date (today or later in
 * Jamaica), start time, duration, optional special requests, and the cost by the shared fee policy.
 */
export function BookingPanel({ caregiver }: { caregiver: CaregiverProfile }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const createBooking = useCreateBooking();
  // A link may carry a date and start (e.g. "Book" after a meeting): they win over the saved draft.
  const [draft, setDraft] = useState<Draft>(() => ({
    ...loadDraft(caregiver.id),
    ...draftFromSearch(location.search, jamaicaToday()),
  }));
  const [dateError, setDateError] = useState<string>();
  const [timeError, setTimeError] = useState<string>();
  const [circleId, setCircleId] = useState<number>();
  const [isTrial, setIsTrial] = useState(false);
  const [mode, setMode] = useBookingMode(caregiver.id);
  const today = jamaicaToday();
  const ids = { date: useId(), start: useId(), duration: useId(), notes: useId(), heading: useId() };

  useEffect(() => {
    try {
      sessionStorage.setItem(draftKey(caregiver.id), JSON.stringify(draft));
    } catch {
      // Storage full or blocked: the panel still works, the draft just isn't kept.
    }
  }, [caregiver.id, draft]);

  const update = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  // A tapped free slot (the profile's free-time calendar) fills the date and start time, then focus moves
  // here: to the date, or to the panel's heading while the form cannot be used.
  useBookingFill(caregiver.id, (fill) => {
    setMode('single');
    setDateError(undefined);
    setTimeError(undefined);
    update({ date: fill.date, startTime: START_TIMES.includes(fill.startTime) ? fill.startTime : '' });
    requestAnimationFrame(() => {
      const input = document.getElementById(ids.date) as HTMLInputElement | null;
      if (input && !input.disabled && !input.closest('fieldset:disabled')) input.focus();
      else document.getElementById(ids.heading)?.focus();
    });
  });
  const rateCents = toCents(caregiver.hourlyRate);
  const cost = bookingCost(caregiver.hourlyRate, draft.duration);
  const end = draft.startTime ? endTimeFor(draft.startTime, draft.duration) : undefined;
  const closed = !caregiver.isAvailable;
  const wrongRole = !!user && user.userType !== 'family';
  const disabled = closed || wrongRole;
  // The profile hydrates this panel from a chunk of its own: the server's form waits, disabled, for it.
  const live = useHydrated();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || createBooking.isPending) return;
    // A date is judged first, by the calendar in Jamaica: a past one is not 'missing'.
    if (draft.date && !isValidBookingDate(draft.date, jamaicaToday())) {
      setDateError(BOOKING_MESSAGES.pastDate);
      toast({ title: 'Choose another date', description: BOOKING_MESSAGES.pastDate });
      return;
    }
    setDateError(undefined);
    if (!draft.date || !draft.startTime) {
      toast({ title: 'Missing Information', description: 'Please select a date and time for your booking.' });
      return;
    }
    const startHour = parseHour(draft.startTime) ?? 0;
    if (jamaicaInstantAt(draft.date, startHour * 60).getTime() <= Date.now()) {
      setTimeError(BOOKING_MESSAGES.startPassed);
      toast({ title: 'Choose another time', description: BOOKING_MESSAGES.startPassed });
      return;
    }
    setTimeError(undefined);
    if (!user) {
      const state: FromState = { from: { pathname: location.pathname, search: location.search } };
      navigate('/login', { state });
      return;
    }
    const request = buildBookingRequest({
      caregiverId: caregiver.id,
      hourlyRate: caregiver.hourlyRate,
      date: draft.date,
      startTime: draft.startTime,
      duration: draft.duration,
      notes: draft.notes,
      circleId,
    });
    // A trial (ADR 0048) only while the choice stands: at most 3 hours.
    if (asTrial(isTrial, draft.duration)) Object.assign(request, { isTrial: true });
    createBooking.mutate(request, {
      onSuccess: (booking) => {
        sessionStorage.removeItem(draftKey(caregiver.id));
        // Own household: on to payment. A circle's booking may wait for a payer, or be a payer's to pay.
        const { title, description, path } = bookingOutcome(booking, caregiver.user.firstName);
        toast({ title, description });
        // Booked into a parish emergency: it stands, with the warning (cancelling is free).
        if (booking.emergency) toast({ title: 'Parish emergency', description: booking.emergency.warning });
        navigate(path);
      },
      onError: (error) => {
        console.error('Booking failed', error);
        toast({
          variant: 'destructive',
          title: 'Booking Failed',
          // The server's reason when it refused the request (a date, a time taken); else the spec's text.
          ...errorToast(error, 'There was an error processing your booking. Please try again.'),
        });
      },
    });
  };

  return (
    <section
      id="book"
      aria-labelledby={ids.heading}
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id={ids.heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold">
        <CalendarDays aria-hidden="true" className="size-5 text-primary" />
        Book {caregiver.user.firstName}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <span className="text-lg font-bold text-foreground">{formatJmd(rateCents)}</span> per hour
      </p>

      {closed ? (
        <Alert variant="info" className="mt-4">
          {caregiver.user.firstName} is not taking bookings right now. You can still send a message.
        </Alert>
      ) : wrongRole ? (
        <Alert variant="info" className="mt-4">
          Bookings are made from a family account.
        </Alert>
      ) : null}

      <BookingModeChoice value={mode} onChange={setMode} disabled={disabled || !live} />
      {mode === 'series' ? <LazySeriesForm caregiver={caregiver} disabled={disabled || !live} /> : null}
      <form onSubmit={onSubmit} noValidate className="mt-4" hidden={mode === 'series'}>
        <fieldset disabled={disabled || !live} className="space-y-4 disabled:opacity-70">
          <legend className="sr-only">Booking details</legend>
          <CareForChoice
            value={circleId}
            onChange={setCircleId}
            caregiverFirstName={caregiver.user.firstName}
          />
          <div className="space-y-1.5">
            <Label htmlFor={ids.date}>Date</Label>
            <Input
              id={ids.date}
              type="date"
              min={today}
              value={draft.date}
              onChange={(e) => {
                setDateError(undefined);
                update({ date: e.target.value });
              }}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${ids.date}-error` : undefined}
            />
            {dateError ? <FieldErrorText id={`${ids.date}-error`}>{dateError}</FieldErrorText> : null}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor={ids.start}>Start time</Label>
              <Select
                id={ids.start}
                value={draft.startTime}
                onChange={(e) => {
                  setTimeError(undefined);
                  update({ startTime: e.target.value });
                }}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={timeError ? `${ids.start}-error` : undefined}
              >
                <StartTimeOptions />
              </Select>
              {timeError ? <FieldErrorText id={`${ids.start}-error`}>{timeError}</FieldErrorText> : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.duration}>Duration</Label>
              <Select
                id={ids.duration}
                value={String(draft.duration)}
                onChange={(e) => update({ duration: Number(e.target.value) })}
              >
                <DurationOptions />
              </Select>
            </div>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {end ? (
              <>
                Ends at <span className="font-semibold text-foreground">{end.label}</span>
                {end.nextDay ? ' (next day)' : ''}
              </>
            ) : (
              'Choose a start time to see when the booking ends.'
            )}
          </p>
          <div className="space-y-1.5">
            <Label htmlFor={ids.notes}>Special requests (optional)</Label>
            <NotesTextarea
              id={ids.notes}
              value={draft.notes}
              onChange={(e) => update({ notes: e.target.value })}
              placeholder="Allergies, routines, anything the caregiver should know"
            />
          </div>
          <TrialVisitChoice
            caregiverId={caregiver.id}
            circleId={circleId}
            duration={draft.duration}
            checked={isTrial}
            onChange={setIsTrial}
          />

          <section aria-label="Cost breakdown" className="rounded-xl bg-muted p-4 text-sm">
            <dl className="space-y-1.5" aria-live="polite">
              <div className="flex justify-between gap-3">
                <dt>
                  {formatJmd(rateCents)} × {durationLabel(draft.duration).replace(' (full day)', '')}
                </dt>
                <dd className="tabular-nums" data-testid="cost-subtotal">
                  {formatJmd(cost.subtotal)}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Platform fee ({PLATFORM_FEE_PERCENT}%)</dt>
                <dd className="tabular-nums" data-testid="cost-fee">
                  {formatJmd(cost.platformFee)}
                </dd>
              </div>
              <div className="flex justify-between gap-3 border-t border-border-strong pt-1.5 text-base font-bold">
                <dt>Total (JMD)</dt>
                <dd className="tabular-nums" data-testid="cost-total">
                  {formatJmd(cost.total)}
                </dd>
              </div>
            </dl>
          </section>

          {user && circleId === undefined && draft.date && draft.startTime ? (
            <PanelEmergencyWarning
              parish={user?.parish}
              date={draft.date}
              startTime={draft.startTime}
              duration={draft.duration}
            />
          ) : null}
          <CancellationPolicy className="text-xs" />

          <Button type="submit" className="w-full" size="lg" disabled={createBooking.isPending}>
            {createBooking.isPending ? 'Sending Request...' : 'Request Booking'}
          </Button>
          {!disabled ? (
            <p className="text-center text-sm">
              <Link
                to={`/booking-confirmation/${caregiver.id}`}
                className="font-semibold text-primary underline"
              >
                Choose exact start and end times
              </Link>
            </p>
          ) : null}
          {!user && !disabled ? (
            <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
              <Lock aria-hidden="true" className="size-3.5" />
              You'll log in or sign up before anything is sent.
            </p>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
