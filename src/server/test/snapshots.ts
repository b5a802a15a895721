import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';

/*
 * Migrated databases made once and copied for every test database (ADR 0021). A fresh in-memory PGlite
 * runs initdb and every migration (about 2–6 s on a busy 2-core machine); loading a dump of one that did
 * takes about 1 s. On PostgreSQL, `create database … template` copies a migrated database instead of
 * migrating a new one. Both copies are named after a hash of the migrations (and PGlite's version), so a
 * new or edited migration makes a new copy; and openDatabase still runs the migrations on every copy, so a
 * stale one could only cost time, never change what a test sees.
 */

/** Hash of everything a migrated database depends on: the migration files and PGlite's version. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(relative(MIGRATIONS_DIR, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  walk(MIGRATIONS_DIR);
  const require = createRequire(import.meta.url);
  const pgliteDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
  hash.update(JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path of a dump of a migrated in-memory PGlite, made if missing. Kept between runs in the system's
 * temporary directory; written under a temporary name and renamed, so a reader never sees half a file.
 */
export async function ensurePgliteSnapshot(hash = migrationsHash()): Promise<string> {
  const dir = join(tmpdir(), 'yaadcare-test-db');
  const path = join(dir, `pglite-${hash}.tar`);
  if (statSync(path, { throwIfNoEntry: false })?.isFile()) return path;
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    // A checkpoint first: each copy then starts without replaying the migrations from the WAL.
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('none');
    const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, path);
  } finally {
    await client.close();
  }
  return path;
}

const snapshots = new Map<string, Blob>();

/** The snapshot at `path` as PGlite takes it, read once per process. */
export function pgliteSnapshot(path: string): Blob {
  let blob = snapshots.get(path);
  if (!blob) {
    blob = new Blob([readFileSync(path)]);
    snapshots.set(path, blob);
  }
  return blob;
}

/** Keeps this many template databases (the newest) on a shared server: other checkouts may use theirs. */
const TEMPLATES_KEPT = 4;

/**
 * The name of a migrated template database on the PostgreSQL server at `adminUrl`, made if missing.
 * Made under a temporary name and renamed, under an advisory lock, so two runs starting at once neither
 * make it twice nor copy a half-migrated one.
 */
export async function ensurePostgresTemplate(adminUrl: string, hash = migrationsHash()): Promise<string> {
  const name = `yc_template_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7245811)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `yc_template_build_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${building}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    } catch (err) {
      await admin.query(`drop database if exists ${building} with (force)`).catch(() => {});
      throw err;
    }
    // Old templates (earlier migrations) go, except the newest few another checkout may still be using.
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'yc\\_template\\_%' and datname <> $1
       order by oid desc offset ${TEMPLATES_KEPT - 1}`,
      [name],
    );
    for (const { datname } of old.rows) {
      await admin.query(`alter database ${datname} with is_template false`);
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(7245811)').catch(() => {});
    await admin.end();
  }
}
