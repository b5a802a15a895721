import { cn } from '../../../lib/cn';
import { useUnreadMessages } from '../api';

/** The true number of unread messages beside the Messages link (nothing when there are none). */
export function UnreadMessagesBadge({ className }: { className?: string }) {
  const { data } = useUnreadMessages();
  const n = data?.unread ?? 0;
  if (n <= 0) return null;
  return (
    <span
      data-testid="messages-unread-badge"
      className={cn(
        'ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground',
        className,
      )}
    >
      {n > 99 ? '99+' : n}
      <span className="sr-only"> unread</span>
    </span>
  );
}
