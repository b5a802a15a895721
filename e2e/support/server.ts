import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startServerProcess } from '../../src/server/test/process';

export { ROOT };

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface TestServer {
  url: string;
  stop(): Promise<void>;
  /** The demo outbox, newest first. */
  outbox(): Promise<Mail[]>;
}

/**
 * Starts the real server (built web app + API) on a free port with a fresh DATA_DIR in demo mode and
 * waits for /api/health. stop() sends SIGTERM, waits for the exit and removes the data directory.
 */
export async function startServer({ timeoutMs = 90_000 }: { timeoutMs?: number } = {}): Promise<TestServer> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does) first.');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'yaadcare-e2e-'));
  // The journeys log in many times from one address: lift the per-IP limit, not the per-account one.
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DEMO_MODE: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    timeoutMs,
  );
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    async outbox() {
      const res = await fetch(`${server.url}/api/dev/outbox`);
      if (!res.ok) throw new Error(`outbox: ${res.status}`);
      return (await res.json()) as Mail[];
    },
  };
}
