/// <reference types="vitest/config" />

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every script, style sheet and SVG of the build, once: the server sends them
 * to browsers that accept them (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'yaadcare-precompress',
    apply: 'build',
    configResolved(config) {
      // The server-rendering bundle is read from disk by Node, never sent to a browser.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (/\.(js|css|svg|json|xml|txt)$/.test(entry.name) && !entry.name.endsWith('manifest.json')) {
            const body = readFileSync(path);
            if (body.length < 1024) continue;
            writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

type GetModuleInfo = (
  id: string,
) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;

const ENTRY = /\/src\/web\/main\.tsx$/;
const HOME_PAGE = /\/src\/web\/pages\/home-page\.tsx$/;

/**
 * What the home page's first screen shares with other pages (form controls, icons, formatting, the API
 * client) goes into one 'public' chunk instead of a dozen tiny ones, each a request of its own over a phone's
 * few connections and gzipped on its own (ADR 0023). Roots are the entry and every module loaded by import()
 * (pages, on-demand dialogs); what the entry reaches stays in the entry, what only the home page reaches
 * stays in its chunk.
 */
function publicChunk(id: string, getModuleInfo: GetModuleInfo): string | undefined {
  const roots = new Set<string>();
  const seen = new Set<string>();
  const walk = (m: string) => {
    if (seen.has(m)) return;
    seen.add(m);
    const info = getModuleInfo(m);
    if (!info) return;
    if (ENTRY.test(m) || info.dynamicImporters.length > 0) roots.add(m);
    for (const importer of info.importers) walk(importer);
  };
  walk(id);
  const reached = [...roots];
  if (roots.has(id) || reached.some((r) => ENTRY.test(r)) || roots.size < 2) return undefined;
  return reached.some((r) => HOME_PAGE.test(r)) ? 'public' : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore; wouter's import of the React 16/17 shim gets React's own.
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: resolve(import.meta.dirname, 'src/web/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The HTML names the entry's chunks (boot.js evaluates them one per task, ADR 0008), but the entry
    // carries no list of every lazy chunk's dependencies (3.7 KB gzip of file names on the first screen): a
    // page opened within the app fetches its chunk, then what that imports (ADR 0023). Server-rendered pages
    // still get their page's chunks named up front (src/server/plugins/web.ts). Browsers without
    // modulepreload simply load the modules as they are imported.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
        hostType === 'html' ? deps : [],
    },
    // dist/web/.vite/manifest.json: which chunks each page loads (read by the bundle-size test).
    manifest: !isSsrBuild,
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // React DOM in a chunk of its own: /boot.js evaluates the entry's chunks one task at a time,
            // so a phone's main thread is never blocked by all of them at once. Then the public pages'
            // shared pieces in one chunk.
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                { name: (id, ctx) => publicChunk(id, (m) => ctx.getModuleInfo(m)) ?? null, priority: 1 },
              ],
            },
          },
        },
    // The server-rendering bundle (npm run build's second step) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/avatars': 'http://localhost:5000' },
  },
  test: {
    root: '.',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker on a 2-core machine; test files spend much of their time waiting
    // on PostgreSQL and argon2's native threads, so three at once finish sooner.
    maxWorkers: 3,
    setupFiles: ['src/test-setup.ts'],
  },
}));
