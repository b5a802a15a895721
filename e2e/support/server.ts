import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ROOT, startServerProcess } from '../../src/server/test/process';

export { ROOT };

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface Sms {
  id: number;
  to: string;
  body: string;
  createdAt: string;
}

export interface TestServer {
  url: string;
  stop(): Promise<void>;
  /** The demo mail outbox, newest first, read as the demo admin would (it is admin-only). */
  outbox(): Promise<Mail[]>;
  /** The demo SMS outbox, newest first, read as the demo admin would. */
  smsOutbox(): Promise<Sms[]>;
}

export interface StartServerOptions {
  timeoutMs?: number;
  /**
   * A PostgreSQL database (empty) for the server instead of the embedded one: the server seeds the demo data
   * into it on start. Without it the server starts on a copy of the run's seeded DATA_DIR (global-setup.ts).
   */
  databaseUrl?: string;
  /**
   * Runs on the file's copy of the demo DATA_DIR before the server starts on it (embedded database only):
   * rows a journey needs that no API makes, e.g. a visit starting in ten minutes.
   */
  prepare?: (dataDir: string) => Promise<void>;
  /**
   * More environment for the server (e.g. PAYMENTS_PROVIDER=powertranz pointed at a local fake gateway).
   * Applied after the defaults above; DATA_DIR, PORT and HOST stay the harness's.
   */
  env?: Record<string, string>;
}

/** The demo data's admin: the outboxes answer only an admin session (ADR 0011). */
const DEMO_ADMIN = { email: 'admin@yaadcare.jm', password: 'YaadCare2025!' };

/**
 * Starts the real server (built web app + API) on a free port with its own DATA_DIR in demo mode and waits
 * for /api/health. The DATA_DIR is a copy of the demo data the run's global set-up seeded once (outside
 * that set-up: an empty one, which the server seeds itself). stop() sends SIGTERM, waits for the exit and
 * removes the data directory.
 */
export async function startServer({
  timeoutMs = 90_000,
  databaseUrl,
  prepare,
  env = {},
}: StartServerOptions = {}): Promise<TestServer> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does) first.');
  }
  const seeded = inject('e2eDemoData');
  const dataDir = await mkdtemp(join(seeded?.runDir ?? tmpdir(), 'yaadcare-e2e-'));
  if (seeded && !databaseUrl) await cp(seeded.dataDir, dataDir, { recursive: true });
  if (prepare) {
    if (databaseUrl) throw new Error('startServer: prepare works on the embedded database only');
    await prepare(dataDir).catch(async (err) => {
      await rm(dataDir, { recursive: true, force: true });
      throw err;
    });
  }
  // The journeys log in many times from one address: lift the per-IP limit, not the per-account one.
  // The compiled server, as production runs it (npm run test:e2e builds it first).
  const server = await startServerProcess(
    {
      DEMO_MODE: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
      DATA_DIR: dataDir,
    },
    timeoutMs,
    { built: true },
  ).catch(async (err) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  let adminToken: Promise<string> | undefined;
  const signInAdmin = async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    if (!res.ok) throw new Error(`admin login: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };
  const asAdmin = async <T>(path: string): Promise<T> => {
    adminToken ??= signInAdmin();
    const res = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${await adminToken}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    outbox: () => asAdmin<Mail[]>('/api/dev/outbox'),
    smsOutbox: () => asAdmin<Sms[]>('/api/dev/sms-outbox'),
  };
}

/** A session token of a user through the real log-in call (for API steps of a journey). */
export async function loginToken(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
