import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/server';

/** Issue 17 (ADR 0023): the home page's initial JavaScript, gzipped, may not pass this. */
const HOME_JS_BUDGET_BYTES = 100 * 1024;

const DIST = join(ROOT, 'dist/web');
const MANIFEST = join(DIST, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Builds the web app when there is no build with a manifest (npm run test:e2e builds first). */
function ensureBuilt(): Manifest {
  if (!existsSync(MANIFEST)) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    staticClosure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

/** The gzipped JavaScript a page reached by its address loads first: the entry, its imports, the page's chunks. */
function firstLoad(manifest: Manifest, pageModule: RegExp) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const pageKey = Object.keys(manifest).find((k) => pageModule.test(k));
  expect(entryKey, 'entry chunk in the manifest').toBeDefined();
  expect(pageKey, 'page chunk in the manifest (the page must stay code-split)').toBeDefined();
  const chunks = staticClosure(manifest, [entryKey ?? '', pageKey ?? '']);
  const rows = [...chunks].map((key) => {
    const bytes = readFileSync(join(DIST, manifest[key].file));
    return { file: manifest[key].file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const report =
    `${(total / 1024).toFixed(1)} KB gzipped in ${rows.length} files\n` +
    rows
      .map((r) => `  ${r.file}: ${(r.gzip / 1024).toFixed(1)} KB gz (${(r.raw / 1024).toFixed(1)} KB)`)
      .join('\n');
  return { rows, total, report };
}

describe('home page initial JavaScript', () => {
  it(`is at most ${HOME_JS_BUDGET_BYTES / 1024} KB gzipped (entry chunk + its static imports + the home page chunk)`, () => {
    const { rows, total, report } = firstLoad(ensureBuilt(), /(^|\/)pages\/home-page\.tsx$/);
    console.log(`home initial JS: ${report}`);
    expect(rows.every((r) => r.file.endsWith('.js'))).toBe(true);
    // Lazy pages, the home page's lower part and the on-demand dialogs stay out of the first load.
    expect(
      rows.some((r) =>
        /search-page|admin-page|support-page|below-the-fold|mobile-menu-sheet|help-panel|tutorial-dialog|toast-/.test(
          r.file,
        ),
      ),
    ).toBe(false);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});

/**
 * The caregiver profile's first load (ADR 0023): its booking form, reviews list and review form are chunks
 * of their own that hydrate after the first screen, and what the caregiver pages share is one chunk rather
 * than a dozen (16 files and 104.6 KB when this was written, from 38 files and 116.4 KB).
 */
const PROFILE_JS_BUDGET_BYTES = 110 * 1024;
const PROFILE_JS_MAX_FILES = 20;

describe('caregiver profile initial JavaScript', () => {
  it(`is at most ${PROFILE_JS_BUDGET_BYTES / 1024} KB gzipped in at most ${PROFILE_JS_MAX_FILES} files, without the booking form or reviews`, () => {
    const { rows, total, report } = firstLoad(ensureBuilt(), /(^|\/)pages\/caregiver-profile-page\.tsx$/);
    console.log(`profile initial JS: ${report}`);
    expect(
      rows.some((r) => /booking-panel|reviews|review-forms|useMutation|useInfiniteQuery/.test(r.file)),
    ).toBe(false);
    expect(rows.length).toBeLessThanOrEqual(PROFILE_JS_MAX_FILES);
    expect(total).toBeLessThanOrEqual(PROFILE_JS_BUDGET_BYTES);
  });
});

/**
 * The service worker's precache (ADR 0029, issue 35: at most 400 KB), what a phone downloads once per build
 * when a signed-in page registers the worker: counted as sent (gzip, the larger of the two encodings the
 * server keeps). Only what a page opened offline runs (the entry, the layout's chunks, the visit screen and
 * the offline page), never every page's chunks: 39 files, 583 KB raw and 198 KB gzipped when this was
 * written, from 182 files, 1.4 MB raw and about 500 KB gzipped.
 */
const PRECACHE_BUDGET_BYTES = 400 * 1024;

describe('service worker precache', () => {
  it(`is at most ${PRECACHE_BUDGET_BYTES / 1024} KB gzipped and holds the visit screen and the offline page`, () => {
    const manifest = ensureBuilt();
    const worker = readFileSync(join(DIST, 'visit-sw.js'), 'utf8');
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
    const gzip = urls.reduce(
      (sum, url) => sum + gzipSync(readFileSync(join(DIST, url)), { level: 9 }).length,
      0,
    );
    console.log(`precache: ${urls.length} files, ${(gzip / 1024).toFixed(1)} KB gzipped`);
    for (const page of ['pages/visits-page.tsx', 'pages/offline-page.tsx']) {
      expect(urls, page).toContain(manifest[page].file);
    }
    expect(urls).not.toContain(manifest['pages/admin-page.tsx'].file);
    expect(gzip).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES);
  });
});
