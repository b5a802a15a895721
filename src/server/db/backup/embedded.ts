import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { Header, list, Pack, ReadEntry, extract as untar } from 'tar';
import { PGLITE_EXTENSIONS } from '../client';
import { acquireDataDirLock } from '../lock';
import { BackupError, describeCounts, prepareOutput, type Say, tableRowCounts, utcStamp } from './common';

/**
 * Backup and restore of the embedded database: a gzipped tar of DATA_DIR (the PGlite data directory
 * `pglite/`, private files in `files/` if any, the generated payout key) with a manifest, made while
 * nobody else has the data dir open. The server must be stopped: PGlite lives inside the server's
 * process, so no other process can read it consistently while it runs (ADR 0020). The data-dir lock
 * enforces that.
 */

export const MANIFEST = 'yaadcare-backup.json';
const LOCK_FILE = 'yaadcare.lock';
const FORMAT = 'yaadcare-embedded-backup';

export interface EmbeddedManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  /** PostgreSQL inside PGlite, e.g. "18.6": a data dir opens only with the same major version. */
  postgresVersion: string;
  /** What DATA_DIR held (top-level names). */
  entries: string[];
  /** Row counts per table, checked again after a restore. */
  tables: Record<string, number>;
}

async function openPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
}

const pgliteQuery =
  (db: PGlite) =>
  async <R>(text: string) =>
    (await db.query<R>(text)).rows;

function contentsOf(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((n) => n !== LOCK_FILE)
    .sort();
}

/**
 * Writes DATA_DIR to `out` (a new file, mode 0600, written whole or not at all). Refuses while the
 * server (or any other command) holds DATA_DIR. The database is opened once first, so a data dir left
 * by a crash is recovered and checkpointed before it is copied, and the copy is one PGlite can open.
 */
export async function backupDataDir(opts: {
  dataDir: string;
  out: string;
  now: Date;
  say: Say;
}): Promise<{ file: string; bytes: number; manifest: EmbeddedManifest }> {
  const dataDir = resolve(opts.dataDir);
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (no pglite/ folder): nothing to back up.`,
    );
  }
  const file = prepareOutput(opts.out);
  const lock = acquireDataDirLock(dataDir, 'npm run backup');
  const partial = `${file}.partial`;
  try {
    const db = await openPglite(dataDir).catch((err: Error) => {
      throw new BackupError(
        `The embedded database in ${dataDir} does not open (${err.message}), so it cannot be backed up ` +
          'this way; copy the folder as it is (with the server stopped) to keep what is there.',
      );
    });
    let postgresVersion: string;
    let tables: Record<string, number>;
    try {
      const [v] = await pgliteQuery(db)<{ server_version: string }>('show server_version');
      postgresVersion = v?.server_version ?? '?';
      tables = await tableRowCounts(pgliteQuery(db));
      await db.query('checkpoint');
    } finally {
      await db.close();
    }
    const entries = contentsOf(dataDir);
    const manifest: EmbeddedManifest = {
      format: FORMAT,
      version: 1,
      createdAt: opts.now.toISOString(),
      postgresVersion,
      entries,
      tables,
    };
    opts.say(
      `Embedded database (PostgreSQL ${postgresVersion}): ${describeCounts(tables)}; ${entries.join(', ')}.`,
    );

    const pack = new Pack({ cwd: dataDir, gzip: true, portable: true });
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const head = new ReadEntry(
      new Header({ path: MANIFEST, type: 'File', size: body.length, mode: 0o600, mtime: opts.now }),
    );
    head.end(body);
    pack.add(head);
    for (const name of entries) pack.add(name);
    pack.end();
    await pipeline(pack, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, manifest };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    lock.release();
  }
}

/** The manifest of an embedded backup, or a BackupError when the file is not one. */
export async function readManifest(file: string): Promise<EmbeddedManifest> {
  let text: string | undefined;
  try {
    await list({
      file,
      onReadEntry(entry) {
        if (entry.path !== MANIFEST) return;
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          text = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (err) {
    throw new BackupError(`${file} is not a readable backup archive: ${(err as Error).message}`);
  }
  let manifest: EmbeddedManifest | undefined;
  try {
    manifest = text ? (JSON.parse(text) as EmbeddedManifest) : undefined;
  } catch {}
  if (manifest?.format !== FORMAT || manifest.version !== 1 || typeof manifest.tables !== 'object') {
    throw new BackupError(`${file} is not a YaadCare embedded-database backup (no ${MANIFEST}).`);
  }
  return manifest;
}

/** `base`, or `base-2`, `base-3`… when it is taken (two forced restores within a second). */
function freshPath(base: string): string {
  let path = base;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}`;
  return path;
}

function diffCounts(want: Record<string, number>, got: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(want), ...Object.keys(got)])].sort();
  return names
    .filter((n) => want[n] !== got[n])
    .map((n) => `${n}: ${want[n] ?? 'missing'} in the backup, ${got[n] ?? 'missing'} restored`);
}

/**
 * Unpacks an embedded backup into DATA_DIR, then opens it and checks every table's row count against
 * the manifest. DATA_DIR must be missing or empty; with `force`, what it holds is first moved aside to
 * `<DATA_DIR>.replaced-<UTC time>` (nothing is deleted). On any failure DATA_DIR is put back as it was.
 */
export async function restoreDataDir(opts: {
  file: string;
  dataDir: string;
  force: boolean;
  now: Date;
  say: Say;
}): Promise<{ manifest: EmbeddedManifest; tables: Record<string, number>; movedAside?: string }> {
  const manifest = await readManifest(opts.file);
  opts.say(
    `Backup of ${manifest.createdAt} (PostgreSQL ${manifest.postgresVersion}): ${describeCounts(manifest.tables)}.`,
  );
  const dataDir = resolve(opts.dataDir);
  const lock = acquireDataDirLock(dataDir, 'npm run restore');
  let movedAside: string | undefined;
  const existing = contentsOf(dataDir);
  try {
    if (existing.length > 0) {
      if (!opts.force) {
        throw new BackupError(
          `${dataDir} is not empty (${existing.join(', ')}). Restore into a new DATA_DIR, or pass --force ` +
            `to move what it holds to ${dataDir}.replaced-<time> first.`,
        );
      }
      movedAside = freshPath(`${dataDir}.replaced-${utcStamp(opts.now)}`);
      mkdirSync(movedAside, { mode: 0o700 });
      for (const name of existing) renameSync(join(dataDir, name), join(movedAside, name));
      opts.say(`--force: moved what ${dataDir} held to ${movedAside}.`);
    }
    try {
      await untar({ file: opts.file, cwd: dataDir, filter: (p) => p !== MANIFEST && p !== LOCK_FILE });
      const tables = await countRestored(dataDir, manifest);
      return { manifest, tables, movedAside };
    } catch (err) {
      // Leave DATA_DIR as it was: remove what was unpacked, bring back what was moved aside.
      for (const name of contentsOf(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
      if (movedAside) {
        for (const name of existing) renameSync(join(movedAside, name), join(dataDir, name));
        rmSync(movedAside, { recursive: true, force: true });
      }
      throw err;
    }
  } finally {
    lock.release();
  }
}

async function countRestored(dataDir: string, manifest: EmbeddedManifest): Promise<Record<string, number>> {
  let db: PGlite;
  try {
    db = await openPglite(dataDir);
  } catch (err) {
    throw new BackupError(
      `The restored database does not open (${(err as Error).message}). It was made with PostgreSQL ` +
        `${manifest.postgresVersion}: restore it with the YaadCare version that made it.`,
    );
  }
  try {
    const tables = await tableRowCounts(pgliteQuery(db));
    const diff = diffCounts(manifest.tables, tables);
    if (diff.length > 0)
      throw new BackupError(`The restored database differs from the backup: ${diff.join('; ')}`);
    return tables;
  } finally {
    await db.close();
  }
}
