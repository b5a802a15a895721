/**
 * The app's service worker (docs/decisions/0029-offline-visit-screen.md, and its amendment for issue 32,
 * item 9), registered by signed-in pages with scope /. It answers only what is listed here; every other
 * request (public pages, /api, images) goes to the network as if there were no worker.
 * - The scripts and style sheets of the visit screen and of the offline page, with the icons, are precached
 *   under their hashed names (vite-plugin-pwa writes the list into self.__WB_MANIFEST, chosen in
 *   vite.config.ts); a new build is a new list, and old caches are removed.
 * - Navigations to the signed-in app's pages (/bookings, /dashboard… and /visits/:id) are network-first:
 *   online the page always comes from the server (never stale after a deploy), and the latest copy is kept
 *   to open them offline. It is the app's shell only: private pages are not server-rendered, so it holds no
 *   one's data. Two copies are kept, the visit screen's (its headers let it ask for the position) and the
 *   other pages'; offline the app shows its offline page, with a caregiver's saved visits.
 * - Nothing under /api is cached here: the app keeps what it needs in IndexedDB itself.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { APP_SHELL_PATHS, VISIT_SCREEN_PATH } from './lib/offline-paths';

declare global {
  // Written into the built worker by vite-plugin-pwa: the build's files with their revisions.
  var __WB_MANIFEST: (PrecacheEntry | string)[];
}
const sw = self as unknown as { skipWaiting(): Promise<void> };

const SHELL_CACHE = 'yaadcare-visit-shell';
/** One key for every visit's shell: they are the same page, and the newest wins. */
const VISIT_SHELL_KEY = '/visits/__shell';
/** One key for the other signed-in pages' shell. */
const APP_SHELL_KEY = '/__app-shell';
/** A navigation that takes longer than this is answered from the kept shell, when there is one. */
const NETWORK_TIMEOUT_MS = 6_000;

void sw.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

async function kept(key: string): Promise<Response | undefined> {
  return (await caches.open(SHELL_CACHE)).match(key);
}

const isHtml = (response: Response) =>
  response.ok && !!response.headers.get('content-type')?.includes('text/html');

/**
 * Keeps a shell when none is kept yet, so the app opens offline after one online page (the worker did not
 * control that page's own load) and a visit linked from the offline page opens with the visit screen's own
 * headers even if this phone never opened one online. Best effort.
 */
async function keepShell(key: string, path: string): Promise<void> {
  if (await kept(key)) return;
  try {
    const response = await fetch(path, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (isHtml(response)) await (await caches.open(SHELL_CACHE)).put(key, response);
  } catch {
    // Offline again: the next navigation tries again.
  }
}
const keepShells = () =>
  Promise.all([keepShell(APP_SHELL_KEY, '/bookings'), keepShell(VISIT_SHELL_KEY, '/visits/0')]);

self.addEventListener('install', (event) => {
  (event as Event & { waitUntil(p: Promise<unknown>): void }).waitUntil(keepShells());
});

function networkFirst(key: string, fallback: string) {
  return async ({ request }: { request: Request }) => {
    const offline = async () => (await kept(key)) ?? (await kept(fallback));
    const network = fetch(request).then(async (response) => {
      if (isHtml(response)) {
        await (await caches.open(SHELL_CACHE)).put(key, response.clone());
        void keepShells();
      }
      return response;
    });
    const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
    try {
      const first = await Promise.race([network, timeout]);
      if (first) return first;
      return (await offline()) ?? (await network);
    } catch {
      return (await offline()) ?? Response.error();
    }
  };
}

registerRoute(
  new NavigationRoute(networkFirst(VISIT_SHELL_KEY, APP_SHELL_KEY), { allowlist: [VISIT_SCREEN_PATH] }),
);
registerRoute(
  new NavigationRoute(networkFirst(APP_SHELL_KEY, VISIT_SHELL_KEY), { allowlist: APP_SHELL_PATHS }),
);
