import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import type { SeriesConflict } from '../series-api';
import { conflictText } from '../series-form';

/**
 * The 409 SERIES_CONFLICTS state of the regular-care form: every clashing date with why, then the family's
 * choice: book the other dates (skipConflicts), or back to the form with every value kept. Nothing was
 * written. The heading takes the focus so a screen reader hears what happened.
 */
export function SeriesConflicts({
  conflicts,
  total,
  pending,
  onSkip,
  onBack,
}: {
  conflicts: SeriesConflict[];
  /** How many visits the form asked for. */
  total: number;
  pending: boolean;
  onSkip: () => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const n = conflicts.length;
  const dates = n === 1 ? 'this date' : `these ${n} dates`;
  const rest = Math.max(total - n, 0);
  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-4" data-testid="series-conflicts">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {n === 1 ? '1 date clashes' : `${n} dates clash`}
      </h3>
      <p className="text-sm">
        Nothing was booked yet. The caregiver is not free on {dates} of your {total} visits:
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {conflicts.map((c) => (
          <li key={c.date}>{conflictText(c)}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <Button onClick={onSkip} disabled={pending || rest === 0}>
          {pending
            ? 'Sending Request...'
            : n === 1
              ? 'Skip this date and book the rest'
              : `Skip these ${n} dates and book the rest`}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Choose another time
        </Button>
      </div>
      {rest === 0 ? <p className="text-sm">Every date clashes: choose another time or other days.</p> : null}
    </section>
  );
}
