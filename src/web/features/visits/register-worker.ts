import { useEffect } from 'react';

/**
 * Registers the app's service worker (src/web/visit-sw.ts) with scope /: once a signed-in page was opened
 * online, the visit screen and the signed-in pages open offline (the visit screen, or the offline page with
 * a caregiver's saved visits). The visit screen and every signed-in page register it; workbox-window loads
 * with them. A registration of the first version (scope /visits/) is removed: it would keep answering the
 * visit screen with the old worker.
 */
export function useVisitWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window')
      .then(async ({ Workbox }) => {
        if (cancelled) return;
        for (const old of await navigator.serviceWorker.getRegistrations()) {
          if (new URL(old.scope).pathname === '/visits/') await old.unregister();
        }
        await new Workbox('/visit-sw.js', { scope: '/' }).register();
      })
      .catch(() => {
        // No worker (private browsing, storage full, offline before the first load): the app works online.
      });
    return () => {
      cancelled = true;
    };
  }, []);
}
