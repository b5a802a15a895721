import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the nearest directory above this module holding package.json. Found by walking up
 * rather than by a fixed `../../..`, because this module runs from src/server (tsx, tests) and bundled
 * into dist/server or one of its chunks (`npm run build`), at different depths (ADR 0017).
 */
export function findProjectRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: cannot find the project root.`);
  }
}

export const PROJECT_ROOT = findProjectRoot();

/** The committed SQL migrations (drizzle-kit's output), applied at start. */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'drizzle');
/** The built web app (`vite build`). */
export const WEB_DIST = join(PROJECT_ROOT, 'dist/web');
/** The server-rendering bundle (`vite build --ssr`, src/web/entry-server.tsx). */
export const SSR_ENTRY = join(PROJECT_ROOT, 'dist/ssr/entry-server.js');
