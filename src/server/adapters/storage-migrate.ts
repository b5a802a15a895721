import type { Dirent } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import { contentTypeOfKey, type FileStorage, isValidKey } from './storage-keys';

export interface MigrateFilesReport {
  /** Files under the folder whose names are storage keys. */
  found: number;
  copied: number;
  /** Already in the target with the same size: left as they were. */
  alreadyThere: number;
  /** Disk files removed after their copy was verified (--delete only). */
  deleted: number;
  /** Paths that are no key the server makes (left alone, never copied). */
  ignored: string[];
  failed: { key: string; reason: string }[];
}

export interface MigrateFilesOptions {
  /** Remove each disk file once its copy is verified (and then emptied folders). */
  deleteSource?: boolean;
  concurrency?: number;
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
 * Copies every file under `root` (the old DATA_DIR/files) to `target` under the same key (ADR 0016).
 * Idempotent: a key already in the target with the same size is left alone, so a second run copies
 * nothing. Each copy is verified by reading its size back; the disk file is removed only with
 * `deleteSource` and only once verified. Temporary files (`.name.tmp`) and paths that are no storage key
 * are reported as ignored and never touched.
 */
export async function migrateLocalFiles(
  root: string,
  target: FileStorage,
  options: MigrateFilesOptions = {},
): Promise<MigrateFilesReport> {
  const report: MigrateFilesReport = {
    found: 0,
    copied: 0,
    alreadyThere: 0,
    deleted: 0,
    ignored: [],
    failed: [],
  };
  const paths = (await walk(root)).sort();
  const keys = paths.filter((p) => isValidKey(p) && !p.split('/').some((part) => part.startsWith('.')));
  const chosen = new Set(keys);
  report.ignored = paths.filter((p) => !chosen.has(p));
  report.found = keys.length;
  const limit = pLimit(options.concurrency ?? 4);
  await Promise.all(
    keys.map((key) =>
      limit(async () => {
        const full = join(root, ...key.split('/'));
        try {
          const body = await readFile(full);
          if ((await target.size(key)) === body.length) {
            report.alreadyThere++;
          } else {
            await target.put(key, body, contentTypeOfKey(key));
            const stored = await target.size(key);
            if (stored !== body.length) {
              report.failed.push({ key, reason: `stored ${stored ?? 'nothing'} bytes of ${body.length}` });
              return;
            }
            report.copied++;
          }
          if (options.deleteSource) {
            await rm(full);
            report.deleted++;
          }
        } catch (err) {
          report.failed.push({ key, reason: err instanceof Error ? err.message : String(err) });
        }
      }),
    ),
  );
  if (options.deleteSource) await removeEmptyFolders(root);
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}
