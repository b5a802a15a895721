import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_PERCENT } from '../../../../shared/pricing';
import { cn } from '../../../lib/cn';

/** The policy in words, shown before booking, paying and cancelling. */
export function CancellationPolicy({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Free cancellation up to {FREE_CANCELLATION_HOURS} hours before the start. Later,{' '}
      {LATE_CANCELLATION_PERCENT}% of the care cost goes to the caregiver and the rest is refunded. If the
      caregiver cancels, you get a full refund. You are charged only after the service is completed.
    </p>
  );
}
