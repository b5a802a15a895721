/**
 * The visit screen's service worker (docs/decisions/0029-offline-visit-screen.md), registered by /visits/:id
 * with scope /visits/, so it controls only the visit screen: no other page's loading goes through it.
 * - The build's scripts, style sheets and icons are precached under their hashed names (vite-plugin-pwa
 *   writes the list into self.__WB_MANIFEST); a new build is a new list, and old caches are removed.
 * - A visit screen's HTML is network-first: online the page always comes from the server (never stale
 *   after a deploy), and the latest copy is kept to open /visits/:id offline. It is the app's shell only:
 *   private pages are not server-rendered, so it holds no one's data.
 * - Nothing under /api is cached here: the screen keeps what it needs in IndexedDB itself.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare global {
  // Written into the built worker by vite-plugin-pwa: the build's files with their revisions.
  var __WB_MANIFEST: (PrecacheEntry | string)[];
}
const sw = self as unknown as { skipWaiting(): Promise<void> };

const SHELL_CACHE = 'yaadcare-visit-shell';
/** One key for every visit's shell: they are the same page, and the newest wins. */
const SHELL_KEY = '/visits/__shell';
/** A navigation that takes longer than this is answered from the kept shell, when there is one. */
const NETWORK_TIMEOUT_MS = 6_000;

void sw.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

async function keptShell(): Promise<Response | undefined> {
  return (await caches.open(SHELL_CACHE)).match(SHELL_KEY);
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const network = fetch(request).then(async (response) => {
        if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
          await (await caches.open(SHELL_CACHE)).put(SHELL_KEY, response.clone());
        }
        return response;
      });
      const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
      try {
        const first = await Promise.race([network, timeout]);
        if (first) return first;
        return (await keptShell()) ?? (await network);
      } catch {
        return (await keptShell()) ?? Response.error();
      }
    },
    { allowlist: [/^\/visits\/\d+\/?$/] },
  ),
);
