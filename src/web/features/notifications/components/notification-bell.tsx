import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { apiPost } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { notificationKeys, useMarkNotificationRead, useNotifications } from '../api';

function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ updated: number }>('/api/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The notification centre: a bell with the unread count, the latest notifications, and Mark all read. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllRead();
  const unread = data?.unread ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-accent-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-border bg-surface p-3 shadow-xl focus:outline-none"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2 className="text-base font-bold">Notifications</h2>
            <Button
              variant="link"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
              className="text-sm"
            >
              Mark all read
            </Button>
          </div>
          {!data ? (
            <p className="p-2 text-sm text-muted-foreground">Loading…</p>
          ) : data.items.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 space-y-1 overflow-y-auto">
              {data.items.map((n) => (
                <li key={n.id}>
                  <Link
                    to={n.link ?? '#'}
                    onClick={() => {
                      if (!n.readAt) markRead.mutate(n.id);
                      setOpen(false);
                    }}
                    className={`block rounded-lg p-2 hover:bg-muted ${n.readAt ? '' : 'bg-primary-soft'}`}
                  >
                    <span className="block text-sm font-semibold">
                      {n.readAt ? null : <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    <span className="block text-sm break-words text-muted-foreground">{n.body}</span>
                    <span className="block text-xs text-muted-foreground">
                      {timeFormat.format(new Date(n.createdAt))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
