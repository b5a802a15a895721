// `npm start` runs the compiled server (dist/server/main.js); `node scripts/start.mjs <tool> [args]` runs one
// of its command-line tools (dist/server/cli/<tool>.js: seed, admin-create, payouts). Plain JavaScript, no
// tsx (ADR 0017). What is missing or older than its sources is built first, as long as the build tool is
// installed; a production install without dev dependencies runs the build it was given (`npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const [tool, ...args] = process.argv.slice(2);
const entry = join(root, 'dist/server', tool ? `cli/${tool}.js` : 'main.js');

function newest(dir) {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}
const olderThan = (sources) => (file) => !existsSync(file) || statSync(file).mtimeMs < sources;

function installed(pkg) {
  try {
    import.meta.resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

/** Runs `npm run <script>` when `tool` is installed; otherwise says so (and goes on with what is built). */
function build(script, what, tool) {
  if (!installed(tool)) {
    console.warn(
      `Note: ${what} is missing or older than its sources, and ${tool} is not installed to build it.`,
    );
    return;
  }
  console.log(`Building ${what}…`);
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = newest(join(root, 'src/shared'));
const webStale = olderThan(Math.max(shared, newest(join(root, 'src/web'))));
const serverStale = olderThan(Math.max(shared, newest(join(root, 'src/server'))));
// The web app (and its server renderer) only matter to the server itself, not to the tools.
if (
  !tool &&
  (webStale(join(root, 'dist/web/index.html')) || webStale(join(root, 'dist/ssr/entry-server.js')))
)
  build('build:web', 'the web app', 'vite');
// One build writes the server and every tool: main.js stands for all of them.
if (serverStale(join(root, 'dist/server/main.js'))) build('build:server', 'the server', 'esbuild');
if (!existsSync(entry)) {
  const known = existsSync(join(root, 'dist/server/cli'))
    ? readdirSync(join(root, 'dist/server/cli'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => f.slice(0, -3))
    : [];
  console.error(
    tool && known.length
      ? `No such tool: ${tool} (known: ${known.join(', ')}).`
      : `${entry} is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}

// In this process (no second Node): stack traces through the source maps, argv as if run directly.
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
