import type { BookingView } from '../../../../shared/contracts/bookings';
import { cn } from '../../../lib/cn';

/** docs/product.md#flows badge colours: confirmed green, pending gold, completed grey; ended ones muted red. */
const STATUS_STYLE: Record<BookingView['status'], string> = {
  awaiting_approval: 'bg-accent-soft text-foreground border-accent',
  confirmed: 'bg-primary-soft text-primary-deep border-primary/40',
  pending: 'bg-accent-soft text-foreground border-accent',
  completed: 'bg-muted text-foreground border-border-strong',
  declined: 'bg-destructive-soft text-destructive border-destructive/40',
  expired: 'bg-muted text-muted-foreground border-border',
  cancelled: 'bg-destructive-soft text-destructive border-destructive/40',
};

const STATUS_LABEL: Record<BookingView['status'], string> = {
  awaiting_approval: 'Awaiting approval',
  confirmed: 'Confirmed',
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: BookingView['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status],
      )}
      data-status={status}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
