import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../../src/server/db/client';
import { type Env, loadEnv } from '../../src/server/env';

/** A database a benchmark runs against: opened fresh, removed afterwards. */
export interface Target {
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database name (its backends are the benchmark's database CPU). */
  databaseName?: string;
  /** PGlite: the data directory (for a server process started on it). */
  dataDir?: string;
  /** PostgreSQL: the database's URL (for a server process started on it). */
  url?: string;
  open(): Promise<Database>;
  /** How another process opens the same database (after this one closed it, for PGlite). */
  options(): DatabaseOptions;
  cleanup(): Promise<void>;
}

/** Embedded PGlite in a temporary directory; `purpose` names the benchmark in the DATA_DIR lock. */
export function pgliteTarget(purpose: string): Target {
  const dir = mkdtempSync(join(tmpdir(), 'yaadcare-bench-'));
  return {
    kind: 'pglite',
    dataDir: dir,
    open: () => openDatabase({ kind: 'pglite', dataDir: dir, purpose }),
    options: () => ({ kind: 'pglite', dataDir: dir, purpose }),
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new database on the PostgreSQL server at `adminUrl`, dropped on cleanup. */
export function postgresTarget(adminUrl: string, poolSize: number): Target {
  const name = `yc_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let created = false;
  return {
    kind: 'postgres',
    databaseName: name,
    url: url.toString(),
    async open() {
      await admin(`create database ${name}`);
      created = true;
      return openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
    },
    options: () => ({ kind: 'postgres', url: url.toString(), poolSize }),
    async cleanup() {
      if (created) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The server's settings for a benchmark: production mode, plus a throwaway payout key (production refuses
 * to start without one; the benchmarks store no bank accounts).
 */
export function benchEnv(vars: Record<string, string>): Env {
  return loadEnv({ NODE_ENV: 'production', PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'), ...vars });
}
