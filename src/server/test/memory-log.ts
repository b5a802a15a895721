import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '../app';
import type { Env } from '../env';
import { openTestDatabase, testEnv } from './harness';

/** An app whose log lines (the production logger options) are kept in memory; close it when done. */
export async function appWithMemoryLog(kind: 'pglite' | 'postgres', env: Partial<Env> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const database = await openTestDatabase(kind);
  const app = await buildApp({
    env: testEnv(env),
    database,
    logger: { ...(loggerOptions('info') as object), stream },
  });
  await app.ready();
  // What the lines say, without the numbers every line carries (time, pid, response time) and the
  // request ids' random hex: a secret searched for must not be found inside a timestamp by chance.
  const log = () =>
    lines
      .join('\n')
      .replace(/"(time|pid|responseTime)":[\d.]+/g, '"$1":0')
      .replace(/"reqId":"[^"]*"/g, '"reqId":"…"');
  return { app, database, log };
}
