// `npm run build:server` (part of `npm run build`): compiles the server and its command-line tools to plain
// JavaScript in dist/server, so production runs `node dist/server/main.js` without tsx (ADR 0017).
// One ESM bundle per entry point with shared chunks; packages stay in node_modules (native ones such as
// argon2, sharp and PGlite's WebAssembly load from there as they do under tsx); source maps for stack traces.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist/server');
const cli = readdirSync(join(root, 'src/server/cli'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `src/server/cli/${f}`);

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts', ...cli],
  outbase: 'src/server',
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Stack traces and logs keep the functions' own names.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length;
console.log(
  `Server built: dist/server (${files} files, ${(bytes / 1024).toFixed(0)} KiB with source maps) in ${Math.round(performance.now() - started)} ms`,
);
