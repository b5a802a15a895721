import { Bell } from 'lucide-react';
import { Link } from '../../../lib/router';
import { useMarkNotificationRead, useNotifications } from '../api';

/** The user's latest in-app notifications; opening one marks it read. */
export function NotificationsList() {
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationRead();
  return (
    <section
      aria-labelledby="notifications-heading"
      className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
    >
      <h2 id="notifications-heading" className="flex items-center gap-2 text-lg font-bold">
        <Bell aria-hidden="true" className="size-5 text-primary" />
        Notifications
        {data?.unread ? (
          <span className="rounded-full bg-accent px-2 text-xs font-bold text-accent-foreground">
            {data.unread} new
          </span>
        ) : null}
      </h2>
      {isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">Loading…</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-destructive">Could not load your notifications.</p>
      ) : data.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No notifications yet.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {data.items.map((n) => (
            <li key={n.id} className={n.readAt ? 'opacity-80' : ''}>
              <Link
                to={n.link ?? '#'}
                onClick={() => {
                  if (!n.readAt) markRead.mutate(n.id);
                }}
                className="block rounded-lg border border-border p-3 hover:border-primary"
              >
                <span className="block font-semibold">
                  {n.readAt ? null : <span className="sr-only">Unread: </span>}
                  {n.title}
                </span>
                <span className="block text-sm text-muted-foreground">{n.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
