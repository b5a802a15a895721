import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

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

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

/**
 * Starts the real server (built web app + API) on a free port with a fresh DATA_DIR in demo mode and
 * waits for /api/health. stop() sends SIGTERM, waits for the exit and removes the data directory.
 */
export async function startServer({ timeoutMs = 90_000 }: { timeoutMs?: number } = {}): Promise<TestServer> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npx vite build` (npm run test:e2e does) first.');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'yaadcare-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DEMO_MODE: '1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // The journeys log in many times from one address within a minute.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
    async outbox() {
      const res = await fetch(`${url}/api/dev/outbox`);
      if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
      return (await res.json()) as Mail[];
    },
  };
}
