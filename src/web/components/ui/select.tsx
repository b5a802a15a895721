import { type ComponentProps, useCallback, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

/**
 * Writes the chosen option into the markup (its `selected` attribute) as well as the DOM property React
 * sets: checkers that read the markup (HTML_CodeSniffer's "select has no value") then see the value a
 * screen reader announces. Only the attribute follows the choice; what is selected never changes.
 */
function markSelected(select: HTMLSelectElement | null) {
  if (!select || select.multiple) return;
  for (const option of Array.from(select.options)) {
    if (option.defaultSelected !== option.selected) option.defaultSelected = option.selected;
  }
}

/** A native select: keyboard, screen-reader and mobile pickers all work without help. */
export function Select({ className, ref, onChange, ...props }: ComponentProps<'select'>) {
  const own = useRef<HTMLSelectElement | null>(null);
  // After every render: a controlled value or a new list of options may have changed the choice.
  useEffect(() => markSelected(own.current));
  const setRef = useCallback(
    (el: HTMLSelectElement | null) => {
      own.current = el;
      if (typeof ref === 'function') return ref(el);
      if (ref) ref.current = el;
    },
    [ref],
  );
  return (
    <select
      ref={setRef}
      className={cn(fieldClasses, 'h-11 pr-8', className)}
      onChange={(e) => {
        markSelected(e.currentTarget);
        onChange?.(e);
      }}
      {...props}
    />
  );
}
