import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import type { Db } from '../db/client';
import { contentTypeOfKey, type FileStorage, isValidKey } from './storage-keys';
import { createLocalStorage } from './storage-local';
import { createPostgresStorage, listStoredFileKeys } from './storage-postgres';

export interface MigrateFilesReport {
  /** Files in the source under storage keys. */
  found: number;
  copied: number;
  /** Already in the target with the same bytes: left as they were. */
  alreadyThere: number;
  /** Source copies removed after their copy was verified (deleteSource only). */
  deleted: number;
  /** Paths that are no key the server makes (left alone, never copied; disk folders only). */
  ignored: string[];
  failed: { key: string; reason: string }[];
}

export interface MigrateFilesOptions {
  /** Remove each source copy once the target's is verified (on disk, then emptied folders too). */
  deleteSource?: boolean;
  concurrency?: number;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Why the target's copy is not `body`, or undefined when it is (same size and SHA-256). */
function differs(stored: Buffer | undefined, body: Buffer): string | undefined {
  if (stored?.length !== body.length) return `stored ${stored?.length ?? 'nothing'} bytes of ${body.length}`;
  const [a, b] = [sha256(stored), sha256(body)];
  return a === b
    ? undefined
    : `stored bytes differ (sha256 ${a.slice(0, 12)}… instead of ${b.slice(0, 12)}…)`;
}

/**
 * Copies `keys` from `source` to `target` under the same keys, into `report`. Idempotent: a key the target
 * already holds with the same size and SHA-256 is left alone (its bytes are read only when the size
 * matches). Each copy is read back and compared the same way; the source copy is removed only with
 * `deleteSource`, and only once the target's is verified.
 */
async function copyFiles(
  keys: string[],
  source: FileStorage,
  target: FileStorage,
  options: MigrateFilesOptions,
  report: MigrateFilesReport,
): Promise<void> {
  const limit = pLimit(options.concurrency ?? 4);
  report.found += keys.length;
  await Promise.all(
    keys.map((key) =>
      limit(async () => {
        try {
          const body = await source.get(key);
          if (!body) {
            report.found--; // gone since it was listed (its owner replaced or deleted it): nothing to copy
            return;
          }
          const there = (await target.size(key)) === body.length ? await target.get(key) : undefined;
          if (there && !differs(there, body)) {
            report.alreadyThere++;
          } else {
            await target.put(key, body, contentTypeOfKey(key));
            const problem = differs(await target.get(key), body);
            if (problem) {
              report.failed.push({ key, reason: problem });
              return;
            }
            report.copied++;
          }
          if (options.deleteSource) {
            await source.delete(key);
            report.deleted++;
          }
        } catch (err) {
          report.failed.push({ key, reason: err instanceof Error ? err.message : String(err) });
        }
      }),
    ),
  );
}

const emptyReport = (): MigrateFilesReport => ({
  found: 0,
  copied: 0,
  alreadyThere: 0,
  deleted: 0,
  ignored: [],
  failed: [],
});

function finish(report: MigrateFilesReport): MigrateFilesReport {
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}

/** Every regular file under `dir`, as paths relative to `root` with `/` separators. */
async function walk(root: string, dir = root): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dir === root) return [];
    throw err;
  }
  const nested = await Promise.all(
    entries.map(async (e) => {
      const full = join(dir, e.name);
      if (e.isDirectory()) return walk(root, full);
      return e.isFile() ? [relative(root, full).split(sep).join('/')] : [];
    }),
  );
  return nested.flat();
}

/** Removes the folders under `root` that are empty (deepest first); `root` itself stays. */
async function removeEmptyFolders(root: string, dir = root): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) if (e.isDirectory()) await removeEmptyFolders(root, join(dir, e.name));
  if (dir !== root) await rmdir(dir).catch(() => {});
}

/**
 * Copies every file under `root` (the old DATA_DIR/files) to `target` (ADR 0016), as `copyFiles` does.
 * Temporary files (`.name.tmp`) and paths that are no storage key are reported as ignored and never touched.
 */
export async function migrateLocalFiles(
  root: string,
  target: FileStorage,
  options: MigrateFilesOptions = {},
): Promise<MigrateFilesReport> {
  const report = emptyReport();
  const paths = (await walk(root)).sort();
  const keys = paths.filter((p) => isValidKey(p) && !p.split('/').some((part) => part.startsWith('.')));
  const chosen = new Set(keys);
  report.ignored = paths.filter((p) => !chosen.has(p));
  await copyFiles(keys, createLocalStorage(root), target, options, report);
  if (options.deleteSource) await removeEmptyFolders(root);
  return finish(report);
}

/**
 * Copies every file of the PostgreSQL backend (`stored_files`) to `target`, the S3 bucket (ADR 0016), as
 * `copyFiles` does, a page of keys at a time. With `deleteSource` the verified rows are deleted.
 */
export async function migrateStoredFiles(
  db: Db,
  target: FileStorage,
  options: MigrateFilesOptions & { pageSize?: number } = {},
): Promise<MigrateFilesReport> {
  const report = emptyReport();
  const source = createPostgresStorage(db);
  for (let after: string | undefined; ; ) {
    const keys = await listStoredFileKeys(db, { after, limit: options.pageSize ?? 200 });
    if (!keys.length) break;
    await copyFiles(keys, source, target, options, report);
    after = keys.at(-1);
  }
  return finish(report);
}
