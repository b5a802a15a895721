import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses = cn(
  'block w-full rounded-lg border border-border-strong bg-surface px-3 text-base text-foreground',
  'placeholder:text-muted-foreground',
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
  'aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive',
  'disabled:cursor-not-allowed disabled:opacity-60',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-11', className)} {...props} />;
}
