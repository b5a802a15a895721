import { useEffect } from 'react';

/**
 * Registers the visit screen's service worker (src/web/visit-sw.ts) with scope /visits/: once a visit screen
 * was opened online, /visits/:id opens offline. Only this screen registers it; workbox-window loads with it.
 */
export function useVisitWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/visit-sw.js', { scope: '/visits/' });
      wb.register().catch(() => {
        // No worker (private browsing, storage full): the screen works online as before.
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
