import { Progress as RadixProgress } from 'radix-ui';
import { cn } from '../../lib/cn';

/** A determinate progress bar with an accessible name and value text. */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  return (
    <RadixProgress.Root
      value={value}
      aria-label={label}
      getValueLabel={(v) => `${v}%`}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <RadixProgress.Indicator
        className="h-full bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - value}%)` }}
      />
    </RadixProgress.Root>
  );
}
