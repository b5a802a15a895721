import { Check } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { useDraft } from '../use-draft';

/** Enter in a filter box applies it (and does not submit anything around it). */
export function onEnter(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
}

/** A text filter applied when the person presses Enter or leaves the box (not on every key). */
export function TextFilter({
  label,
  value,
  onCommit,
  placeholder,
  hint,
  type = 'text',
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  placeholder?: string;
  hint?: string;
  type?: 'text' | 'search';
}) {
  const id = useId();
  const [draft, setDraft] = useDraft(value ?? '');
  const commit = () => {
    const next = draft.trim() || undefined;
    if (next !== value) onCommit(next);
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onEnter(commit)}
        enterKeyHint="search"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A toggle button (aria-pressed) shaped as a pill. */
export function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border-strong bg-surface hover:bg-muted',
      )}
    >
      {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
      {children}
    </button>
  );
}

/** A fieldset of checkboxes, one per option. */
export function CheckboxList({
  legend,
  options,
  values,
  onToggle,
}: {
  legend: string;
  options: readonly string[];
  values: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <ul className="grid gap-1">
        {options.map((option) => (
          <li key={option}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm hover:bg-muted">
              <input
                type="checkbox"
                checked={values.includes(option)}
                onChange={() => onToggle(option)}
                className="size-4 shrink-0 accent-primary"
              />
              {option}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
