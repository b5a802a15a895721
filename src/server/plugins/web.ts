import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '../../shared/routes';
import type * as EntryServer from '../../web/entry-server';
import { notFound } from '../errors';
import { SSR_ENTRY, WEB_DIST } from '../paths';

/** What the web plugin needs of src/web/entry-server.tsx. */
export type PageRenderer = Pick<typeof EntryServer, 'renderPage' | 'fillShell'>;

/** The built renderer, or null when there is none (the browser then renders every page). */
export async function loadRenderer(file = SSR_ENTRY): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>YaadCare</title></head>
<body><main><h1>YaadCare</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p></main></body></html>`;

/**
 * The built web app: hashed assets with long caching, and the app's HTML for every other path
 * (200 for the app's routes, 404 for the rest). Unknown /api paths answer JSON 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir?: string; renderer?: PageRenderer | null }) => {
    const dist = opts.distDir ?? WEB_DIST;
    const built = existsSync(join(dist, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        index: false,
        wildcard: false,
        // The build writes .br and .gz beside each asset (vite.config.ts): sent when the browser accepts them.
        preCompressed: true,
        setHeaders(res, path) {
          // The visit screen's worker and the manifest are checked on every load: a deploy reaches phones at once.
          const fresh = /[\\/](visit-sw\.js|manifest\.webmanifest)$/.test(path);
          res.header(
            'cache-control',
            path.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : fresh
                ? 'no-cache'
                : 'public, max-age=3600',
          );
        },
      });
    }
    // Read once: the HTML shell changes only with a new build.
    const indexHtml = built ? readFileSync(join(dist, 'index.html'), 'utf8') : NOT_BUILT;
    const preloads = built ? routePreloads(dist) : () => '';

    const renderer = built ? (opts.renderer === undefined ? await loadRenderer() : opts.renderer) : null;
    const origin = new URL(app.env.publicUrl).origin;

    /** An API read for the page being rendered, answered in-process as the asking browser would get it. */
    const transportFor =
      (req: FastifyRequest) =>
      async (url: string, init: RequestInit): Promise<Response> => {
        const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
        for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url,
          headers,
          remoteAddress: req.ip,
        });
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && name !== 'set-cookie') out.set(name, String(value));
        }
        const empty = res.statusCode === 204 || res.statusCode === 304;
        return new Response(empty ? null : new Uint8Array(res.rawPayload), {
          status: res.statusCode,
          headers: out,
        });
      };

    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        throw notFound(`No such endpoint: ${req.method} ${path}`);
      }
      const appRoute = isAppRoute(path);
      const shell = appRoute ? indexHtml.replace('</head>', () => `${preloads(path)}</head>`) : indexHtml;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (renderer) {
        try {
          const page = await renderer.renderPage({
            url: req.url,
            origin,
            transport: transportFor(req),
          });
          // The HTML may be about the signed-in person (their name in the header): never shared by caches.
          if (page)
            return reply
              .code(page.status)
              .header('cache-control', 'private, no-cache')
              .send(renderer.fillShell(shell, page));
        } catch (error) {
          // The browser can still render the page itself: a failed server render is logged, never shown.
          req.log.error({ err: error, path }, 'server rendering failed; sending the app shell');
        }
      }
      return reply.code(appRoute ? 200 : 404).send(shell);
    });
  },
);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The page module of an app path, as the manifest names it ('pages/home-page.tsx'). */
function pageModule(path: string): string {
  const [, first = '', second] = path.split('/');
  if (first === '') return 'pages/home-page.tsx';
  if (first === 'caregiver') return 'pages/caregiver-profile-page.tsx';
  // /bookings/:id/visit is a booking's visit log.
  if (first === 'bookings' && second) return 'pages/booking-visit-page.tsx';
  // /circles lists them; /circles/:id is one; /circles/invitations/:token is an invitation's link.
  if (first === 'circles' && second) {
    return second === 'invitations' ? 'pages/circle-invitation-page.tsx' : 'pages/circle-page.tsx';
  }
  return `pages/${first}-page.tsx`;
}

/**
 * `<link rel="modulepreload">` tags for the page's own chunk and what it imports (beyond the entry's), so a
 * phone fetches them with the entry instead of only after the entry has run: one round trip less before
 * the page shows. Built from Vite's manifest; nothing when there is none.
 */
export function routePreloads(dist: string): (path: string) => string {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
  const cache = new Map<string, string>();
  return (path) => {
    const key = pageModule(path.split(/[?#]/)[0]);
    let tags = cache.get(key);
    if (tags === undefined) {
      tags = manifest[key]
        ? [...closure([key])]
            .filter((k) => !entry.has(k))
            .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}" data-route="">`)
            .join('')
        : '';
      cache.set(key, tags);
    }
    return tags;
  };
}
