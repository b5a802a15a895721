import { BadgeCheck, Clock } from 'lucide-react';
import { availabilityBadge } from '../../../../shared/availability';
import { cn } from '../../../lib/cn';

export type AvailabilityLabel = ReturnType<typeof availabilityBadge>;

const AVAILABILITY_STYLES: Record<AvailabilityLabel, string> = {
  'Available Now': 'bg-primary text-primary-foreground',
  'Available Today': 'bg-accent text-accent-foreground',
  'Available Tomorrow': 'bg-muted text-foreground border border-border',
};

/** Spec §4's availability badge, computed for `now` in Jamaica time by the shared rule. */
export function AvailabilityBadge({
  availability,
  now,
  className,
}: {
  availability: readonly string[];
  now: Date;
  className?: string;
}) {
  const label = availabilityBadge([...availability], now);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        AVAILABILITY_STYLES[label],
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

/** Shown only for caregivers whose identity, record and references the team has checked. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-deep',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      Verified
    </span>
  );
}
