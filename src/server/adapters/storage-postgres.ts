import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';
import { assertValidKey, type FileStorage } from './storage-keys';

/**
 * Files as rows of `stored_files` (ADR 0016), the default: every server instance on the database sees
 * every file, and a database backup holds them. A file is written in one statement, so a reader never
 * sees half of it.
 */
export function createPostgresStorage(db: Db): FileStorage {
  return {
    kind: 'postgres',
    async put(key, body, contentType) {
      assertValidKey(key);
      const row = { key, contentType, size: body.length, bytes: body, createdAt: new Date() };
      await db
        .insert(storedFiles)
        .values(row)
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { contentType, size: row.size, bytes: body, createdAt: row.createdAt },
        });
    },
    async get(key) {
      assertValidKey(key);
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row?.bytes;
    },
    async size(key) {
      assertValidKey(key);
      const [row] = await db
        .select({ size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row?.size;
    },
    async delete(key) {
      assertValidKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/** The keys in `stored_files`, in key order, `limit` at a time after `after` (for files:migrate). */
export async function listStoredFileKeys(
  db: Db,
  { after, limit }: { after?: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(after === undefined ? undefined : gt(storedFiles.key, after))
    .orderBy(asc(storedFiles.key))
    .limit(limit);
  return rows.map((r) => r.key);
}
