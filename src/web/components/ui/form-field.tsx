import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A label, one control and its hint and error, wired together: the control gets the id, aria-invalid
 * and aria-describedby pointing at the hint and the error message. `describedBy` adds the id of a message
 * outside the field that also concerns it (a form-level error), and `invalid` marks it invalid for that.
 */
export function FormField({
  label,
  error,
  hint,
  children,
  className,
  id: givenId,
  describedBy,
  invalid,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<ControlProps>;
  className?: string;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const allDescribedBy =
    [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': allDescribedBy,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </div>
  );
}

export function FieldErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

// The alert box lives in its own module so that the app shell's guards need not load the form helpers.
export { Alert } from './alert';
