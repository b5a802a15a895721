import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded files live. Keys are chosen by the server (never by the client) and look like
 * `documents/12/9f…c1.pdf`. Nothing in storage has a public URL: routes read it and decide who may see it.
 * A local private folder by default; an S3-compatible store can implement the same three calls.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '' || part === '.' || part === '..');
}

/** A random key under a prefix: `documents/12/<32 hex>.pdf`. */
export function newStorageKey(prefix: string, ext: string): string {
  return `${prefix}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Files under `root` (DATA_DIR/files), readable only by the server's user (0600, folders 0700). */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true, mode: 0o700 });
      // Write then rename: a reader never sees half a file.
      const tmp = join(dirname(full), `.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, full);
    },
    async get(key) {
      const full = pathOf(key);
      try {
        const s = await stat(full);
        if (!s.isFile()) return undefined;
        return await readFile(full);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
