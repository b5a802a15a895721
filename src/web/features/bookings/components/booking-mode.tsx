import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { CaregiverProfile } from '../../../../shared/contracts/caregivers';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

// The regular-care form (its schema and expansion) loads only when a family picks it.
const SeriesForm = lazy(() => import('./series-form-panel').then((m) => ({ default: m.SeriesForm })));

export type BookingMode = 'single' | 'series';
const modeKey = (caregiverId: number) => `yaadcare:booking-mode:${caregiverId}`;

/**
 * One visit or regular care, kept in this tab (the trip to /login and back). Read after hydration: the
 * server's HTML always shows the single booking.
 */
export function useBookingMode(caregiverId: number) {
  const [mode, setMode] = useState<BookingMode>('single');
  useEffect(() => {
    try {
      if (sessionStorage.getItem(modeKey(caregiverId)) === 'series') setMode('series');
    } catch {
      // Storage blocked: start with one visit.
    }
  }, [caregiverId]);
  const choose = (next: BookingMode) => {
    setMode(next);
    try {
      sessionStorage.setItem(modeKey(caregiverId), next);
    } catch {
      // Storage blocked: the choice holds for this page only.
    }
  };
  return [mode, choose] as const;
}

const option = cn(
  'flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm',
  'hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
);

/** "How often?": a single booking, or a weekly series (issue 19). */
export function BookingModeChoice({
  value,
  onChange,
  disabled,
}: {
  value: BookingMode;
  onChange: (mode: BookingMode) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const choices = [
    ['single', 'One visit'],
    ['series', 'Regular care (repeats weekly)'],
  ] as const;
  return (
    <fieldset className="mt-4" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-semibold">How often?</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map(([mode, label]) => (
          <label key={mode} className={option}>
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary"
              checked={value === mode}
              onChange={() => onChange(mode)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function LazySeriesForm({ caregiver, disabled }: { caregiver: CaregiverProfile; disabled: boolean }) {
  return (
    <Suspense fallback={<Spinner label="Loading the regular care form" />}>
      <SeriesForm caregiver={caregiver} disabled={disabled} />
    </Suspense>
  );
}
