import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertValidKey, type FileStorage } from './storage-keys';

/**
 * Files under `root` (DATA_DIR/files), readable only by the server's user (0600, folders 0700). What
 * versions before ADR 0016 wrote to; today only the source of `npm run files:migrate` (one instance's disk
 * is invisible to the others). The content type is not kept: it follows from the key's extension.
 */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  const statOf = async (key: string) => {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? s : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
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
      if (!(await statOf(key))) return undefined;
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async size(key) {
      return (await statOf(key))?.size;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
