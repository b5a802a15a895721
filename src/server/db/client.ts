import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { scrubQueryErrorsAtSource } from './query-errors';
import * as schema from './schema';
import { guardSingleConnection } from './single-connection-guard';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs `fn` only if no other holder (in any server instance on this database) holds the lock
   * `key`; returns undefined without running it otherwise. PostgreSQL: a session advisory lock on a
   * dedicated connection. PGlite: one process owns the data dir, so an in-process lock suffices.
   */
  withExclusiveLock<T>(key: number, fn: () => Promise<T>): Promise<T | undefined>;
  /**
   * LISTENs on `channel`: `onMessage` gets every payload sent with `pg_notify(channel, payload)` by any
   * instance on this database (NOTIFY inside a transaction is delivered on commit only). PostgreSQL: one
   * dedicated connection per call that reconnects with backoff; `onReconnect` runs after a reconnect,
   * since notifications sent while it was down are lost. PGlite: the one client's listen.
   * Resolves once listening; the returned function stops it.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** node-postgres only: the pool's connections now (metrics). PGlite has no pool. */
  poolStats?(): PoolStats;
  /**
   * node-postgres only: a second, small pool (3 connections, opened on first use) for an outside party
   * that shares the database but never the caller's transaction nor its pool: the sandbox payment
   * provider (ADR 0041). Its calls happen inside our transactions; on the main pool, as many concurrent
   * transactions as connections would each wait for one more connection, forever. PGlite has one connection.
   */
  detached?(): Db;
  /** PostgreSQL with DATABASE_REPLICA_URL: public reads on a streaming replica (db/replica.ts, ADR 0057). */
  replica?: ReadReplica;
}

/**
 * Reads on a PostgreSQL streaming replica (issue 35, ADR 0057). The services that only answer what
 * anyone may read (search, public profiles, free slots) are built on `reads`, a database handle that goes
 * to the replica when all three hold, and to the primary otherwise:
 * - the call runs inside a request marked for the replica (`routeReads`): a safe method (GET/HEAD) from a
 *   client that has not written within the read-your-writes window; jobs, listeners and anything outside
 *   a request read the primary;
 * - the replica answered its last lag check;
 * - the replica is at most `maxLagMs` behind the primary (`checkLag`).
 */
export interface ReadReplica {
  /** The handle for read-only services: replica or primary per call, as above. */
  reads: Db;
  /** Runs `fn` (a request) with its reads on the replica when `replica` is true, else on the primary. */
  routeReads<T>(replica: boolean, fn: () => T): T;
  /** Where a read made now would go. */
  target(): 'replica' | 'primary';
  /**
   * One lag check: samples the primary's WAL position and compares the replica's replayed one with the
   * samples kept. Runs every `checkEveryMs` on a timer; tests call it with their own clock.
   */
  checkLag(): Promise<{ lagMs: number; healthy: boolean }>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** The extensions every embedded database is opened with (the backup opens data dirs with them too). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string; purpose: string }
  /**
   * `snapshot`: a data directory from PGlite's dumpDataDir() to start from instead of an empty one (tests
   * start from an already migrated copy: see src/server/test/snapshots.ts). Migrations still run after it.
   */
  | { kind: 'pglite-memory'; snapshot?: Blob };

/** Opens the database, applies the committed migrations, and returns it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // A failed query's parameters (password hashes, personal data) never reach an error, hence a log.
  scrubQueryErrorsAtSource();
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.kind === 'pglite') {
    lock = acquireDataDirLock(options.dataDir, options.purpose);
    try {
      const dir = join(options.dataDir, 'pglite');
      mkdirSync(dirname(dir), { recursive: true });
      client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.snapshot });
  }
  guardSingleConnection(client);
  const db = drizzlePglite(client, { schema });
  const held = new Set<number>();
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close();
    lock?.release();
    throw err;
  }
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async withExclusiveLock(key, fn) {
      if (held.has(key)) return undefined;
      held.add(key);
      try {
        return await fn();
      } finally {
        held.delete(key);
      }
    },
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    // Several instances may start at once: one migrates, the others wait for it.
    await conn.query('select pg_advisory_lock(7245810)');
    await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await conn.query('select pg_advisory_unlock(7245810)').catch(() => {});
    conn.release();
  }
  const db = drizzleNodePg(pool, { schema });
  const listeners = new Set<() => Promise<void>>();
  let closed = false;
  let side: { pool: pg.Pool; db: Db } | undefined;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async withExclusiveLock(key, fn) {
      const lockConn = await pool.connect();
      try {
        const { rows } = await lockConn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          key,
        ]);
        if (!rows[0]?.ok) return undefined;
        try {
          return await fn();
        } finally {
          await lockConn.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        lockConn.release();
      }
    },
    listen(channel, onMessage, onReconnect) {
      return listenPostgres(url, channel, onMessage, onReconnect, listeners);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    detached() {
      if (!side) {
        const sidePool = new pg.Pool({ connectionString: url, max: 3 });
        sidePool.on('error', () => {});
        side = { pool: sidePool, db: drizzleNodePg(sidePool, { schema }) as unknown as Db };
      }
      return side.db;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...listeners].map((stop) => stop()));
      await side?.pool.end();
      await pool.end();
    },
  };
}

/**
 * A dedicated LISTEN connection (a pool's clients come and go; a LISTEN must stay on one session).
 * On an error or a dropped connection it reconnects with backoff (0.25 s doubling to 10 s) and LISTENs
 * again, then calls `onReconnect` so callers can resynchronise what they may have missed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  registry: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => scheduleReconnect(c));
    c.on('end', () => scheduleReconnect(c));
    await c.connect();
    await c.query(`listen ${quoted}`);
    client = c;
  };
  const scheduleReconnect = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    c.removeAllListeners('end');
    c.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => {
          delay = 250;
          onReconnect?.();
        },
        () => {
          delay = Math.min(delay * 2, 10_000);
          retry = setTimeout(attempt, delay);
          retry.unref();
        },
      );
    };
    retry = setTimeout(attempt, delay);
    retry.unref();
  };

  await connect();
  const stop = async () => {
    stopped = true;
    registry.delete(stop);
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
    }
  };
  registry.add(stop);
  return stop;
}

/** The database the environment asks for: PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseOptionsFromEnv(
  env: { databaseUrl?: string; dataDir: string },
  purpose: string,
): DatabaseOptions {
  return env.databaseUrl
    ? { kind: 'postgres', url: env.databaseUrl }
    : { kind: 'pglite', dataDir: resolve(env.dataDir), purpose };
}
