import { lazy, Suspense } from 'react';

/*
 * The header's parts that only a signed-in user sees (the realtime stream, the notification bell with its
 * popover, the unread-messages badge) load in their own chunk when first shown, so a visitor's first page
 * does not download them: the home page's initial JavaScript stays within its 150 KB (gzip) budget
 * (e2e/bundle-size.test.ts).
 */
const Bell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const Realtime = lazy(() =>
  import('../../features/messages/use-realtime').then((m) => ({ default: m.RealtimeConnection })),
);
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
