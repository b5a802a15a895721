import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '../../shared/routes';

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>YaadCare</title></head>
<body><main><h1>YaadCare</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p></main></body></html>`;

/**
 * The built web app: hashed assets with long caching, and the app's HTML for every other path
 * (200 for the app's routes, 404 for the rest). Unknown /api paths answer JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
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
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  // Read once: the HTML shell changes only with a new build.
  const indexHtml = built ? readFileSync(join(dist, 'index.html'), 'utf8') : NOT_BUILT;
  const preloads = built ? routePreloads(dist) : () => '';

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No such endpoint: ${req.method} ${path}` });
    }
    return reply
      .code(isAppRoute(path) ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(isAppRoute(path) ? indexHtml.replace('</head>', `${preloads(path)}</head>`) : indexHtml);
  });
});

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The page module of an app path, as the manifest names it ('pages/home-page.tsx'). */
function pageModule(path: string): string {
  const first = path.split('/')[1] ?? '';
  if (first === '') return 'pages/home-page.tsx';
  if (first === 'caregiver') return 'pages/caregiver-profile-page.tsx';
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
            .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`)
            .join('')
        : '';
      cache.set(key, tags);
    }
    return tags;
  };
}
