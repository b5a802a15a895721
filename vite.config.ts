/// <reference types="vitest/config" />

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { lucideIconImports } from './scripts/vite-lucide-icons';

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

/**
 * Vite 8 leaves its hash marker comment (`$vite$:1` in a CSS comment) at the end of the single style sheet that
 * `cssCodeSplit: false` makes (it removes it only from code-split sheets). Removed here, so the built file is
 * the same text as the copy the server inlines (styles.css?inline).
 */
function dropCssHashMarker(): Plugin {
  return {
    name: 'yaadcare-drop-css-hash-marker',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string')
            file.source = file.source.replace(/\/\*\$vite\$:\d+\*\/\s*$/, '');
        }
      },
    },
  };
}

/**
 * src/web/boot.js, the script a server-rendered page starts its app with (ADR 0008), goes into /assets
 * under a name with its content's hash, like the chunks, so it is cached for a year and a new version is a
 * new name. The server's renderer gets the name as __BOOT_SCRIPT__ (src/web/entry-server.tsx). It is not a
 * module of the app's graph: it runs before the entry and imports nothing.
 */
const BOOT_SOURCE = readFileSync(resolve(import.meta.dirname, 'src/web/boot.js'));
const BOOT_FILE = `assets/boot-${createHash('sha256').update(BOOT_SOURCE).digest('base64url').slice(0, 8)}.js`;

function bootScript(): Plugin {
  let ssr = false;
  return {
    name: 'yaadcare-boot-script',
    apply: 'build',
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: BOOT_FILE, source: BOOT_SOURCE });
    },
  };
}

/**
 * Test files that spawn server processes or run property-based fuzzers start first. Vitest orders files
 * by their last durations when it has them and by size when it does not (a clean clone, as in CI), which
 * put these short but slow files last, where they alone kept the run going (ADR 0021).
 */
class LongFilesFirst implements TestSequencer {
  // Loaded on first use: `vite build` reads this file too and needs nothing from Vitest.
  private base: Promise<TestSequencer>;
  constructor(ctx: Vitest) {
    this.base = import('vitest/node').then(({ BaseSequencer }) => new BaseSequencer(ctx));
  }
  async shard(files: TestSpecification[]) {
    return (await this.base).shard(files);
  }
  async sort(files: TestSpecification[]) {
    const sorted = await (await this.base).sort(files);
    const slow = /\b(spawn|startServerProcess|runCli|fc\.assert)\(/;
    const first = sorted.filter((spec) => slow.test(readFileSync(spec.moduleId, 'utf8')));
    return [...first, ...sorted.filter((spec) => !first.includes(spec))];
  }
}

type GetModuleInfo = (
  id: string,
) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;

const ENTRY = /\/src\/web\/main\.tsx$/;
const HOME_PAGE = /\/src\/web\/pages\/home-page\.tsx$/;
/** The public pages that show caregivers: search, a profile and the home page's featured caregivers. */
const CAREGIVER_VIEWS = /\/src\/web\/pages\/(search-page|caregiver-profile-page|home\/below-the-fold)\.tsx$/;
/** What the home page loads once its first screen is live: its lower part, the footer, the banner, the toasts. */
const HOME_LATER =
  /\/src\/web\/(pages\/home\/below-the-fold|app\/layouts\/site-footer|features\/emergencies\/components\/emergency-banner|components\/ui\/toast)\.tsx$/;
const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * Fewer, larger chunks for the public pages (ADR 0023): each chunk is a request of its own over a phone's
 * few connections, a module to link and gzipped on its own, and a page reached by its address names all of
 * them up front. Roots are the entry and every module loaded by import() (pages, on-demand dialogs, lazy
 * parts); what the entry reaches stays in the entry.
 * - 'public': what the home page's first screen shares with other pages (form controls, icons,
 *   formatting, the API client);
 * - 'caregivers': what the pages that show caregivers share (photo, stars, badges, icons, formatting), which
 *   Rolldown would otherwise split into a dozen chunks of a few hundred bytes each by which pages use them.
 * - 'icons': the icons of what the home page loads after its first screen that other pages use too (a few
 *   hundred bytes each: one request instead of eight; scripts/vite-lucide-icons.ts).
 * What only one page reaches stays in its chunk.
 */
function sharedChunk(id: string, getModuleInfo: GetModuleInfo): string | undefined {
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
  if (reached.some((r) => HOME_PAGE.test(r))) return 'public';
  if (reached.filter((r) => CAREGIVER_VIEWS.test(r)).length >= 2) return 'caregivers';
  return LUCIDE_ICON.test(id) && reached.some((r) => HOME_LATER.test(r)) ? 'icons' : undefined;
}

const groupOf =
  (group: 'public' | 'caregivers' | 'icons') =>
  (id: string, ctx: { getModuleInfo: GetModuleInfo }): string | null =>
    sharedChunk(id, (m) => ctx.getModuleInfo(m)) === group ? group : null;

/**
 * What the service worker precaches: what a page opened offline runs (issue 35's budget: at most 400 KB as
 * sent). The entry and its imports, the layout's own chunks (footer, emergency banner, toasts), the visit
 * screen, the offline page and what they import statically, and workbox-window (the worker's registration
 * runs on these pages too); with the style sheet and the icons. Other pages' chunks are not kept: offline,
 * the signed-in pages show the offline page instead.
 */
const OFFLINE_MODULES = [
  /^index\.html$/,
  /^app\/layouts\/site-footer\.tsx$/,
  /^components\/ui\/toast\.tsx$/,
  /emergency-banner/,
  /^pages\/visits-page\.tsx$/,
  /^pages\/offline-page\.tsx$/,
  /^features\/visits\/schedule-keeper\.tsx$/,
  /workbox-window/,
];

function offlineFiles(manifestPath: string): Set<string> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const key of Object.keys(manifest)) if (OFFLINE_MODULES.some((m) => m.test(key))) walk(key);
  return files;
}

/**
 * The app's service worker (src/web/visit-sw.ts, docs/decisions/0029-offline-visit-screen.md), built with the
 * list of the build's files to precache. The manifest is public/manifest.webmanifest, linked from
 * index.html; signed-in pages register the worker (src/web/features/visits/register-worker.ts).
 */
function visitWorker() {
  const manifestPath = resolve(import.meta.dirname, 'dist/web/.vite/manifest.json');
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'visit-sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // The app's scripts and styles (not their .br/.gz twins, which the browser never asks for by name) and
      // the icons; no HTML (navigations are network-first in the worker) and no images of people.
      globPatterns: ['assets/**/*.{js,css}', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['**/*.br', '**/*.gz'],
      maximumFileSizeToCacheInBytes: 1_000_000,
      manifestTransforms: [
        (entries) => {
          const keep = offlineFiles(manifestPath);
          return { manifest: entries.filter((e) => !/^assets\/.*\.js$/.test(e.url) || keep.has(e.url)) };
        },
      ],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    lucideIconImports(),
    react(),
    tailwindcss(),
    dropCssHashMarker(),
    bootScript(),
    precompress(),
    ...(isSsrBuild ? [] : [visitWorker()]),
  ],
  define: { __BOOT_SCRIPT__: JSON.stringify(`/${BOOT_FILE}`) },
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
    // One style sheet for the whole app (Tailwind's, which is all of it), linked by the HTML or inlined by the
    // server (ADR 0023), and no style sheet among a lazy chunk's dependencies: with code-split CSS every
    // import() also asked for the entry's sheet, and on a server-rendered page (no <link> to find, the sheet
    // is inline) Vite added it to the document: one request more and a full style recalculation.
    cssCodeSplit: false,
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
            // shared pieces in a chunk or two.
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                // The emergency banner that every page loads once live, with the rules and the query it needs
                // (the admin console and the booking screens import those from here too): one request, not three.
                {
                  name: 'emergency-banner',
                  test: /src[\\/](web[\\/]features[\\/]emergencies[\\/](active-query|components[\\/]emergency-banner)|shared[\\/]emergency-rules)\.tsx?$/,
                  priority: 4,
                  includeDependenciesRecursively: false,
                },
                // Radix's shared internals (refs, context, presence, portal, layers, collection…) in one chunk: the
                // toast area, dialogs and tabs each needed six or seven chunks of a few hundred bytes to 3 KB.
                // The components themselves stay with the code that uses them. Not their dependencies: the
                // app's use-sync-external-store shim is the router's (the entry's).
                {
                  name: 'radix',
                  test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|primitive|slot|use-[\w-]+|id|presence|dismissable-layer|portal|collection|direction))[\\/]/,
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                { name: groupOf('public'), debugName: 'public', priority: 2 },
                // Only the modules themselves: what they import is the entry's or 'public''s already, and
                // pulling it in would put this chunk on the home page's first load.
                {
                  name: groupOf('caregivers'),
                  debugName: 'caregivers',
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
                { name: groupOf('icons'), debugName: 'icons', priority: 0 },
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
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker on a 2-core machine; test files spend much of their time waiting
    // on PostgreSQL and argon2's native threads, so three at once finish sooner.
    maxWorkers: 3,
    setupFiles: ['src/test-setup.ts'],
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/*.test.ts',
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // One module graph per worker, not per file: every server test file imports the whole app, and
          // evaluating it again for each file cost more than most files' tests. Server code keeps no
          // module-level state (ADR 0015), and each file still builds its own app on its own database.
          isolate: false,
          // Migrates one PGlite and one PostgreSQL database per run; test databases are copies.
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Component tests stay isolated (they mock modules, fake timers and use a DOM), but in a fresh VM
          // context of a long-lived worker rather than a new process that loads jsdom again for each file.
          pool: 'vmForks',
        },
      },
    ],
  },
}));
