/**
 * Run by adapters/lazy-modules.test.ts in a process of its own (a test worker may have loaded anything
 * before): builds the whole app on an in-memory database, then prints, as one JSON line, which heavy
 * packages were loaded at start and after a first use of pdfkit. ES modules are seen through a resolve hook
 * (module.register), CommonJS ones in require.cache.
 */
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const resolved = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => resolved.add(url));
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const HEAVY = /node_modules[\\/](pdfkit|sharp|@img[\\/]sharp|@aws-sdk[\\/]client-s3)[\\/-]/;
const heavyLoaded = async () => {
  // The hook's messages come from its own thread: let them arrive.
  await new Promise((ok) => setTimeout(ok, 100));
  const files = [...resolved, ...Object.keys(createRequire(import.meta.url).cache)];
  const names = files.map((f) => HEAVY.exec(decodeURIComponent(f))?.[1].replace('@img/', ''));
  return [...new Set(names.filter(Boolean))].sort();
};

const { buildApp } = await import('../app');
const { openDatabase } = await import('../db/client');
const { loadEnv } = await import('../env');
const { loadPdfKit } = await import('../adapters/lazy-modules');
const database = await openDatabase({ kind: 'pglite-memory' });
const app = await buildApp({
  env: loadEnv({ NODE_ENV: 'test', DEMO_MODE: '1', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
await app.ready();
const atStart = await heavyLoaded();
await loadPdfKit();
const afterPdf = await heavyLoaded();
await app.close();
console.log(JSON.stringify({ atStart, afterPdf }));
