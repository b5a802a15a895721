import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A polite status region with a spinning icon; its accessible name is the label ('Loading'). */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex items-center justify-center gap-3 py-16 text-muted-foreground', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-8 text-primary motion-safe:animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
