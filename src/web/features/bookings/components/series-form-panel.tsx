import { type FormEvent, useEffect, useId, useState } from 'react';
import { MAX_NOTES } from '../../../../shared/booking-rules';
import type { CaregiverProfile } from '../../../../shared/contracts/caregivers';
import { jamaicaToday } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorToast } from '../../../lib/error-messages';
import type { FromState } from '../../../lib/from-state';
import { useLocation, useNavigate } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { DURATIONS, START_TIMES } from '../booking-form';
import { type SeriesConflict, seriesConflictsOf, useCreateSeries } from '../series-api';
import {
  buildSeriesRequest,
  EMPTY_SERIES_DRAFT,
  type SeriesDraft,
  type SeriesErrors,
  seriesSummary,
  validateSeriesDraft,
  WEEKDAYS,
} from '../series-form';
import { CancellationPolicy } from './cancellation-policy';
import { CareForChoice } from './care-for-choice';
import { DurationOptions, NotesTextarea, StartTimeOptions } from './form-parts';
import { SeriesCardNote } from './series-card-note';
import { SeriesConflicts } from './series-conflicts';

const draftKey = (caregiverId: number) => `yaadcare:series-draft:${caregiverId}`;

/** The draft kept in this tab (the trip to /login and back, a reload): only fields of the right type. */
function loadDraft(caregiverId: number): SeriesDraft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(draftKey(caregiverId)) ?? 'null') as Partial<SeriesDraft>;
    if (!saved || typeof saved !== 'object') return EMPTY_SERIES_DRAFT;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, MAX_NOTES) : '');
    return {
      weekdays: Array.isArray(saved.weekdays)
        ? WEEKDAYS.map((d) => d.value).filter((d) => saved.weekdays?.includes(d))
        : [],
      startTime: START_TIMES.includes(text(saved.startTime)) ? text(saved.startTime) : '',
      hours: (DURATIONS as readonly number[]).includes(saved.hours as number)
        ? (saved.hours as number)
        : EMPTY_SERIES_DRAFT.hours,
      startDate: text(saved.startDate),
      ends: saved.ends === 'date' ? 'date' : 'visits',
      endDate: text(saved.endDate),
      visits: text(saved.visits).slice(0, 4),
      notes: text(saved.notes),
    };
  } catch {
    return EMPTY_SERIES_DRAFT;
  }
}

const chip = cn(
  'flex min-h-11 min-w-14 cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-border-strong',
  'bg-surface px-2 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
);

/**
 * Regular care (issue 19): a weekly series from the caregiver's profile. Checked on the client with the
 * shared schema and the shared expansion (the live summary is the server's own dates); a 409 lists every
 * clashing date with the choice to skip them or change the time, the values kept either way.
 */
export function SeriesForm({ caregiver, disabled }: { caregiver: CaregiverProfile; disabled: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const create = useCreateSeries();
  const [draft, setDraft] = useState<SeriesDraft>(() => loadDraft(caregiver.id));
  const [errors, setErrors] = useState<SeriesErrors>({});
  const [circleId, setCircleId] = useState<number>();
  const [conflicts, setConflicts] = useState<SeriesConflict[]>();
  const today = jamaicaToday();
  const ids = { weekdays: useId(), ends: useId(), summary: useId() };

  useEffect(() => {
    try {
      sessionStorage.setItem(draftKey(caregiver.id), JSON.stringify(draft));
    } catch {
      // Storage full or blocked: the form still works, the draft just isn't kept.
    }
  }, [caregiver.id, draft]);

  const update = (changes: Partial<SeriesDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    const cleared = { ...errors };
    for (const key of Object.keys(changes)) delete cleared[key as keyof SeriesErrors];
    setErrors(cleared);
  };
  const summary = seriesSummary(draft, caregiver.hourlyRate, today);

  const send = (skipConflicts: boolean) => {
    const request = buildSeriesRequest(draft, caregiver.id, circleId, skipConflicts);
    create.mutate(request, {
      onSuccess: (series) => {
        sessionStorage.removeItem(draftKey(caregiver.id));
        const skipped = series.skipped.length;
        toast({
          title: 'Regular care requested',
          description: `${series.bookings.length} visits sent to ${caregiver.user.firstName}${skipped ? `, ${skipped} clashing ${skipped === 1 ? 'date' : 'dates'} skipped` : ''}.`,
        });
        navigate(`/series/${series.id}`);
      },
      onError: (error) => {
        const clashes = seriesConflictsOf(error);
        if (clashes?.length) {
          setConflicts(clashes);
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Not booked',
          ...errorToast(error, 'Your regular care could not be booked. Please try again.'),
        });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || create.isPending) return;
    const found = validateSeriesDraft(draft, new Date(), jamaicaToday());
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: 'Check the form', description: Object.values(found)[0] });
      return;
    }
    if (!user) {
      const state: FromState = { from: { pathname: location.pathname, search: location.search } };
      navigate('/login', { state });
      return;
    }
    send(false);
  };

  if (conflicts) {
    return (
      <SeriesConflicts
        conflicts={conflicts}
        total={summary?.dates.length ?? conflicts.length}
        pending={create.isPending}
        onSkip={() => send(true)}
        onBack={() => setConflicts(undefined)}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4" aria-label="Regular care">
      <fieldset disabled={disabled} className="space-y-4 disabled:opacity-70">
        <legend className="sr-only">Regular care details</legend>
        <CareForChoice
          value={circleId}
          onChange={setCircleId}
          caregiverFirstName={caregiver.user.firstName}
        />
        <fieldset aria-describedby={errors.weekdays ? `${ids.weekdays}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-semibold">Weekdays</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((d) => (
              <label key={d.value} className={chip}>
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-label={d.long}
                  checked={draft.weekdays.includes(d.value)}
                  onChange={(e) =>
                    update({
                      weekdays: e.target.checked
                        ? [...draft.weekdays, d.value]
                        : draft.weekdays.filter((w) => w !== d.value),
                    })
                  }
                />
                <span aria-hidden="true">{d.short}</span>
              </label>
            ))}
          </div>
          {errors.weekdays ? (
            <FieldErrorText id={`${ids.weekdays}-error`}>{errors.weekdays}</FieldErrorText>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Start time" error={errors.startTime}>
            <Select value={draft.startTime} onChange={(e) => update({ startTime: e.target.value })}>
              <StartTimeOptions />
            </Select>
          </FormField>
          <FormField label="Hours per visit" error={errors.hours}>
            <Select value={String(draft.hours)} onChange={(e) => update({ hours: Number(e.target.value) })}>
              <DurationOptions />
            </Select>
          </FormField>
        </div>
        <FormField label="First date" error={errors.startDate}>
          <Input
            type="date"
            min={today}
            value={draft.startDate}
            onChange={(e) => update({ startDate: e.target.value })}
          />
        </FormField>
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-semibold">Ends</legend>
          <div className="flex flex-wrap gap-2">
            {(
              [
                ['visits', 'After a number of visits'],
                ['date', 'On a date'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={cn(chip, 'px-3 font-normal')}>
                <input
                  type="radio"
                  name={ids.ends}
                  className="size-4 accent-primary"
                  checked={draft.ends === value}
                  onChange={() => update({ ends: value })}
                />
                {label}
              </label>
            ))}
          </div>
          {draft.ends === 'visits' ? (
            <FormField label="Number of visits" error={errors.visits} hint="At most 26 weeks ahead.">
              <Input
                inputMode="numeric"
                maxLength={4}
                value={draft.visits}
                onChange={(e) => update({ visits: e.target.value })}
              />
            </FormField>
          ) : (
            <FormField label="Last date" error={errors.endDate} hint="At most 26 weeks ahead.">
              <Input
                type="date"
                min={draft.startDate || today}
                value={draft.endDate}
                onChange={(e) => update({ endDate: e.target.value })}
              />
            </FormField>
          )}
        </fieldset>
        <FormField label="Special requests (optional)" error={errors.notes}>
          <NotesTextarea
            value={draft.notes}
            onChange={(e) => update({ notes: e.target.value })}
            placeholder="Routines, allergies, anything the caregiver should know"
          />
        </FormField>
        <section aria-labelledby={ids.summary} className="rounded-xl bg-muted p-4 text-sm">
          <h3 id={ids.summary} className="font-semibold">
            Summary
          </h3>
          <p className="mt-1" aria-live="polite" data-testid="series-summary">
            {summary
              ? summary.text
              : 'Choose weekdays, a start time, the first date and when it ends to see every visit.'}
          </p>
          {summary ? (
            <p className="mt-1 text-muted-foreground">
              Times are Jamaica time. Each visit is a booking of its own, paid on its own.
            </p>
          ) : null}
          <SeriesCardNote forCircle={circleId !== undefined} />
        </section>
        <CancellationPolicy className="text-xs" />
        <Button type="submit" className="w-full" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Sending Request...' : 'Request regular care'}
        </Button>
      </fieldset>
    </form>
  );
}
