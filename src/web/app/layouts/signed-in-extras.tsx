import { lazy, Suspense } from 'react';
import type { PublicUser } from '../../features/auth/api';

/*
 * The header's parts that only a signed-in user sees (the realtime stream, the notification bell with its
 * popover, the unread-messages badge, the avatar with Radix Avatar) load in their own chunks when first
 * shown, so a visitor's first page does not download them: the home page's initial JavaScript stays within
 * its budget (e2e/bundle-size.test.ts, docs/decisions/0023-home-page-javascript-budget.md). On a
 * server-rendered page the server's HTML stays while they load.
 */
const Bell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const Realtime = lazy(() =>
  import('../../features/messages/use-realtime').then((m) => ({ default: m.RealtimeConnection })),
);
const Avatar = lazy(() => import('../../components/user-avatar').then((m) => ({ default: m.UserAvatar })));
const Badge = lazy(() =>
  import('../../features/messages/components/unread-badge').then((m) => ({
    default: m.UnreadMessagesBadge,
  })),
);

export function NotificationBell() {
  return (
    <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
      <Bell />
    </Suspense>
  );
}

export function RealtimeConnection() {
  return (
    <Suspense fallback={null}>
      <Realtime />
    </Suspense>
  );
}

export function UnreadMessagesBadge({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <Badge className={className} />
    </Suspense>
  );
}

export function HeaderAvatar({ user }: { user: PublicUser }) {
  return (
    <Suspense
      fallback={
        <span aria-hidden="true" className="inline-flex size-9 shrink-0 rounded-full bg-primary-soft" />
      }
    >
      <Avatar user={user} />
    </Suspense>
  );
}
