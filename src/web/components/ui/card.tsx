import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-6 space-y-2 text-center', className)} {...props} />;
}

export function CardTitle({
  as: Heading = 'h1',
  className,
  ...props
}: ComponentProps<'h1'> & { as?: 'h1' | 'h2' | 'h3' }) {
  return (
    <Heading className={cn('text-2xl font-bold tracking-tight text-foreground', className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-muted-foreground', className)} {...props} />;
}
