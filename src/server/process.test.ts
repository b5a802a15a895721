import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { DEFAULT_PASSWORD, signupPayload } from './test/factories';
import { runCli, startServerProcess } from './test/process';

const dirs: string[] = [];
function dataDir() {
  const d = mkdtempSync(join(tmpdir(), 'yc-proc-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function post(url: string, path: string, body: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the server process on the embedded database', { timeout: 90_000 }, () => {
  it('keeps every record across a clean restart (SIGTERM exits 0), with demo data loaded once', async () => {
    const dir = dataDir();
    const first = await startServerProcess({ DATA_DIR: dir });
    const payload = signupPayload();
    expect((await post(first.url, '/api/auth/signup', payload)).status).toBe(201);
    const before = await (await fetch(`${first.url}/api/openapi.json`)).json();
    expect(before.openapi).toBeDefined();
    expect(await first.stop()).toBe(0);

    const second = await startServerProcess({ DATA_DIR: dir });
    const login = await post(second.url, '/api/auth/login', {
      email: payload.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.status).toBe(200);
    const demo = await post(second.url, '/api/auth/login', {
      email: 'family@yaadcare.jm',
      password: 'YaadCare2025!',
    });
    expect(demo.status).toBe(200);
    expect(await second.stop()).toBe(0);

    const db = await openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'test' });
    const [{ n }] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`email like 'family@%'`);
    expect(n).toBe(1);
    await db.close();
  });

  it('refuses admin:create and db:seed with a clear message while the server holds DATA_DIR', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, DEMO_MODE: '0' });
    const admin = await runCli(
      'src/server/cli/admin-create.ts',
      ['--email', 'boss@example.test', '--password', 'Long-Admin-Pass-1'],
      {
        DATA_DIR: dir,
      },
    );
    expect(admin.code).toBe(1);
    expect(admin.stderr).toContain('in use by the YaadCare server');
    const seed = await runCli('src/server/cli/seed.ts', [], { DATA_DIR: dir });
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain('in use by the YaadCare server');
    expect(await server.stop()).toBe(0);

    const after = await runCli(
      'src/server/cli/admin-create.ts',
      ['--email', 'boss@example.test', '--password', 'Long-Admin-Pass-1'],
      {
        DATA_DIR: dir,
      },
    );
    expect(after.code, after.stderr).toBe(0);
    const again = await startServerProcess({ DATA_DIR: dir, DEMO_MODE: '0' });
    const login = await post(again.url, '/api/auth/login', {
      email: 'boss@example.test',
      password: 'Long-Admin-Pass-1',
    });
    expect((await login.json()).user.userType).toBe('admin');
    await again.stop();
  });

  it('comes back after kill -9 during writes with every acknowledged write', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, DEMO_MODE: '0' });
    const acknowledged: string[] = [];
    let running = true;
    const writer = async () => {
      while (running) {
        const p = signupPayload();
        try {
          const res = await post(server.url, '/api/auth/signup', p);
          if (res.status === 201) acknowledged.push(p.email);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    await new Promise((r) => setTimeout(r, 2500));
    await server.kill();
    running = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await startServerProcess({ DATA_DIR: dir, DEMO_MODE: '0' });
    expect((await fetch(`${restarted.url}/api/health`)).status).toBe(200);
    expect(await restarted.stop()).toBe(0);
    const db = await openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'test' });
    const found = await db.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, acknowledged));
    await db.close();
    expect(found.length).toBe(acknowledged.length);
  });
});
