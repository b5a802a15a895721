import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

/** A native select: keyboard, screen-reader and mobile pickers all work without help. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-11 pr-8', className)} {...props} />;
}
