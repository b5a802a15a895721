import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api';
import { recipientShort } from '../circle-text';
import { useBookableCircles } from '../circles-api';

const optionClasses = cn(
  'flex cursor-pointer items-start gap-2.5 rounded-lg border border-border-strong bg-surface px-3 py-2.5 text-sm',
  'hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
);

/**
 * "Who is this care for?" on the booking forms (issue 18): the family's own household, or the recipient of a
 * care circle they coordinate (sent as circleId). Shown only to a signed-in family that coordinates at least
 * one circle; their circles are fetched once the form is on screen, never for visitors or caregivers.
 * `value` is the chosen circle's id, undefined for the household.
 */
export function CareForChoice({
  value,
  onChange,
  caregiverFirstName,
  className,
}: {
  value: number | undefined;
  onChange: (circleId: number | undefined) => void;
  caregiverFirstName: string;
  className?: string;
}) {
  const { data: user } = useCurrentUser();
  const { data: circles } = useBookableCircles(user?.userType === 'family');
  const name = useId();
  const noteId = useId();
  if (user?.userType !== 'family' || !circles?.length) return null;
  const chosen = circles.find((c) => c.id === value);
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={chosen ? noteId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold">Who is this care for?</legend>
      <label className={optionClasses}>
        <input
          type="radio"
          name={name}
          className="mt-0.5 size-4 accent-primary"
          checked={chosen === undefined}
          onChange={() => onChange(undefined)}
        />
        <span>My household</span>
      </label>
      {circles.map((c) => (
        <label key={c.id} className={optionClasses}>
          <input
            type="radio"
            name={name}
            className="mt-0.5 size-4 accent-primary"
            checked={chosen?.id === c.id}
            onChange={() => onChange(c.id)}
          />
          <span>
            <span className="block">
              {recipientShort({ firstName: c.recipientFirstName, town: c.recipientTown })}
            </span>
            <span className="block text-xs text-muted-foreground">{c.name}</span>
          </span>
        </label>
      ))}
      {chosen ? (
        <p id={noteId} className="text-xs text-muted-foreground">
          {caregiverFirstName} sees {chosen.recipientFirstName}’s needs and care notes with the request, and
          the address and emergency contact once they accept. A payer in the circle may have to approve the
          booking first.
        </p>
      ) : null}
    </fieldset>
  );
}
