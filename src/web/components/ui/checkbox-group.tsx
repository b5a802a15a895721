import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldErrorText } from './form-field';

export interface CheckboxOption {
  value: string;
  label: string;
}

/**
 * A fieldset of native checkboxes (keyboard and screen readers need no help), controlled: `value` is the
 * list of checked values. The legend names the group; an error is tied to every box.
 */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  columns = 2,
  name,
  className,
}: {
  legend: ReactNode;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: ReactNode;
  columns?: 1 | 2 | 3;
  name: string;
  className?: string;
}) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const toggle = (v: string, on: boolean) =>
    onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <fieldset
      className={cn('space-y-2', className)}
      aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div
        className={cn(
          'grid gap-2',
          columns === 2 && 'sm:grid-cols-2',
          columns === 3 && 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
        )}
      >
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border bg-surface px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={error ? true : undefined}
              className="size-5 shrink-0 accent-[var(--color-primary)]"
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}

export const toOptions = (values: readonly string[]): CheckboxOption[] =>
  values.map((v) => ({ value: v, label: v }));
