import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/server/db/client';
import { messages, users } from '../src/server/db/schema';
import { signupPayload } from '../src/server/test/factories';
import { DB_KINDS, openTestDatabase } from '../src/server/test/harness';
import { startServerProcess } from '../src/server/test/process';
import { connectSse } from '../src/server/test/sse';

/**
 * SIGTERM under load, on the compiled server as production runs it: writers whose every acknowledged
 * write is checked in the database afterwards, readers, and a realtime stream. Not timed: the stop is
 * sent after a fixed number of acknowledged writes, and the load ends when the server refuses connections.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The database the server will use, and how the test reads it once the server is gone. */
async function database(kind: (typeof DB_KINDS)[number]): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  done: () => Promise<void>;
}> {
  if (kind === 'postgres') {
    const db = await openTestDatabase('postgres');
    return { env: { DATABASE_URL: db.url ?? '' }, open: async () => db, done: () => db.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'yc-sigterm-'));
  dirs.push(dir);
  let db: Database | undefined;
  return {
    env: { DATA_DIR: dir },
    // PGlite: one process per data directory, so the test opens it only after the server exited.
    open: async () => {
      db = await openDatabase({ kind: 'pglite', dataDir: dir, purpose: 'the SIGTERM test' });
      return db;
    },
    done: async () => db?.close(),
  };
}

async function postJson(url: string, body: unknown, token?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signUp(url: string, overrides: Record<string, unknown> = {}) {
  const res = await postJson(`${url}/api/auth/signup`, signupPayload(overrides));
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}

describe.each(DB_KINDS)('SIGTERM under load on %s', (kind) => {
  it('answers every request it took (no 5xx), keeps every acknowledged write, tells streams to reconnect and exits 0', async () => {
    const db = await database(kind);
    const server = await startServerProcess(
      { ...db.env, DEMO_MODE: '0', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
      90_000,
      { built: true },
    );
    const { url } = server;
    const caregiver = await signUp(url, { userType: 'caregiver' });
    const families = await Promise.all([1, 2, 3, 4].map(() => signUp(url)));
    const stream = await connectSse(url, caregiver.token);

    const statuses: number[] = [];
    const ackedMessages: number[] = [];
    const ackedSignups: string[] = [];
    let refused = false;
    let sigtermSent = false;
    let stopped!: Promise<number | null>;
    const SIGTERM_AFTER = 24;
    const acked = () => {
      if (!sigtermSent && ackedMessages.length + ackedSignups.length >= SIGTERM_AFTER) {
        sigtermSent = true;
        stopped = server.stop();
      }
    };
    /** Runs `step` until the server stops taking connections; an answer is recorded, a dropped connection not. */
    const loop = async (step: () => Promise<void>) => {
      while (!refused) {
        try {
          await step();
        } catch (err) {
          // Refused (ECONNREFUSED) or closed by the stopping server before an answer: nothing acknowledged.
          if (sigtermSent) refused = true;
          else throw err;
        }
      }
    };
    const answer = (res: Response) => {
      statuses.push(res.status);
      return res;
    };
    // At most 25 messages per family: under the 30-a-minute limit, so every send is a write.
    const writer = (family: { token: string; sent?: number }) => async () => {
      if ((family.sent ?? 0) >= 25) return void (await new Promise((r) => setTimeout(r, 20)));
      family.sent = (family.sent ?? 0) + 1;
      const res = answer(
        await postJson(
          `${url}/api/messages`,
          { receiverId: caregiver.id, content: `load ${ackedMessages.length}` },
          family.token,
        ),
      );
      if (res.status === 201) {
        ackedMessages.push(((await res.json()) as { id: number }).id);
        acked();
      } else await res.arrayBuffer();
    };
    const signups = async () => {
      const payload = signupPayload();
      const res = answer(await postJson(`${url}/api/auth/signup`, payload));
      await res.arrayBuffer();
      if (res.status === 201) {
        ackedSignups.push(payload.email);
        acked();
      }
    };
    const reader = async () => {
      const res = answer(
        await fetch(`${url}/api/conversations`, { headers: { authorization: `Bearer ${caregiver.token}` } }),
      );
      await res.arrayBuffer();
    };
    await Promise.all([...families.map((f) => loop(writer(f))), loop(signups), loop(reader), loop(reader)]);

    expect(await stopped).toBe(0);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // The stream was ended with a short reconnection hint (it began with 2000 ms).
    await stream.closed;
    expect(stream.retryMs).toBeGreaterThanOrEqual(500);
    expect(stream.retryMs).toBeLessThan(1500);
    expect(server.output()).not.toMatch(/did not stop within|error while stopping/);

    const after = await db.open();
    try {
      const foundMessages = await after.db
        .select({ id: messages.id })
        .from(messages)
        .where(inArray(messages.id, ackedMessages));
      expect(foundMessages.length).toBe(ackedMessages.length);
      if (ackedSignups.length > 0) {
        const foundUsers = await after.db
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.email, ackedSignups));
        expect(foundUsers.length).toBe(ackedSignups.length);
      }
      expect(ackedMessages.length + ackedSignups.length).toBeGreaterThanOrEqual(SIGTERM_AFTER);
    } finally {
      await db.done();
    }
  });
});
