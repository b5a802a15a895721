import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { type Env, loadEnv } from '../env';
import type { CaregiverOverrides, UserOverrides } from './factories';
import { signedIn, signedInCaregiver } from './sign-in';
import { ensurePgliteSnapshot, ensurePostgresTemplate, pgliteSnapshot } from './snapshots';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close (its `url`
 * given, so a second instance can open the same database). Each is a copy of a database migrated once
 * per run (global-setup.ts, snapshots.ts); openDatabase then applies any migration the copy lacks.
 */
export async function openTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const path = inject('pgliteSnapshot') ?? (await ensurePgliteSnapshot());
    return openDatabase({ kind: 'pglite-memory', snapshot: pgliteSnapshot(path) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = inject('postgresTemplate') ?? (await ensurePostgresTemplate(adminUrl));
  const name = `yc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    ...loadEnv({ NODE_ENV: 'test', DEMO_MODE: '1', LOG_LEVEL: 'silent', HASH_CONCURRENCY: '2' }),
    authRateLimitPerMinute: 1000,
    ...overrides,
  };
}

/** Anyone with request headers (what signedIn returns), or null for a visitor. */
export type Caller = { headers: Record<string, string> } | null;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** The app's database (ctx.database.db), once the hooks ran. */
  readonly db: Database['db'];
  /** app.inject as `who`: their headers merged into options.headers (theirs win); null: as a visitor. */
  injectAs(who: Caller, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** signedIn on this app's database. */
  signedIn(overrides?: UserOverrides): ReturnType<typeof signedIn>;
  /** signedInCaregiver on this app's database. */
  signedInCaregiver(overrides?: CaregiverOverrides): ReturnType<typeof signedInCaregiver>;
}

/**
 * Registers before/after hooks that build the whole app on a fresh database of the given kind,
 * and returns a handle whose fields are set once the hooks ran. `now`: the app's clock (app.now), for
 * tests that move time.
 */
export function useTestApp(kind: DbKind, envOverrides: Partial<Env> = {}, now?: () => Date): TestContext {
  const ctx = {
    get db() {
      return ctx.database.db;
    },
    injectAs(who, options) {
      if (!who) return ctx.app.inject(options);
      return ctx.app.inject({ ...options, headers: { ...options.headers, ...who.headers } });
    },
    signedIn: (overrides) => signedIn(ctx.database.db, overrides),
    signedInCaregiver: (overrides) => signedInCaregiver(ctx.database.db, overrides),
  } as TestContext;
  beforeAll(async () => {
    ctx.env = testEnv(envOverrides);
    ctx.database = await openTestDatabase(kind);
    ctx.app = await buildApp({ env: ctx.env, database: ctx.database, logger: false, now });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx;
}
