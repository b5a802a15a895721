import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** An inline alert box, e.g. for a failed request. */
export function Alert({
  children,
  variant = 'destructive',
  className,
}: {
  children: ReactNode;
  variant?: 'destructive' | 'info';
  className?: string;
}) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'note'}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        variant === 'destructive'
          ? 'border-destructive/40 bg-destructive-soft text-destructive'
          : 'border-accent bg-accent-soft text-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}
