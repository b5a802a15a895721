import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses = cn(
  'block w-full rounded-lg border border-border-strong bg-surface px-3 text-base text-foreground',
  'placeholder:text-muted-foreground',
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
  'aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive',
  'disabled:cursor-not-allowed disabled:opacity-60',
);

/**
 * A text field. The type is always written out (text unless told): autocomplete tokens such as given-name
 * belong to text controls, and checkers (HTML_CodeSniffer) judge them by the type attribute.
 */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
