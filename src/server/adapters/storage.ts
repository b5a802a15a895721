import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { FileStorage } from './storage-keys';
import { createPostgresStorage } from './storage-postgres';
import { createS3Storage } from './storage-s3';

export {
  assertValidKey,
  contentTypeOfKey,
  type FileStorage,
  isValidKey,
  newStorageKey,
} from './storage-keys';
export { createLocalStorage } from './storage-local';
export { createPostgresStorage } from './storage-postgres';
export { createS3Storage } from './storage-s3';

/**
 * The one place the backend is chosen (ADR 0016): S3 when S3_BUCKET is set, else the database. `db` may be
 * left out only when S3 is configured (a command that needs no database).
 */
export function createStorageFromEnv(env: Pick<Env, 's3'>, db: Db | undefined): FileStorage {
  if (env.s3) return createS3Storage(env.s3);
  if (!db) throw new Error('File storage in PostgreSQL needs the database');
  return createPostgresStorage(db);
}

/** Where the files are, for a start-up line or a command's report (never a secret). */
export function describeStorage(env: Pick<Env, 's3'>): string {
  if (!env.s3) return 'PostgreSQL (stored_files)';
  // The endpoint's origin only: a URL may carry credentials.
  const where = env.s3.endpoint ? ` at ${new URL(env.s3.endpoint).origin}` : ` in ${env.s3.region}`;
  return `S3 bucket ${env.s3.bucket}${where}`;
}

/**
 * A line for the start-up log when DATA_DIR/files still holds what an older version wrote there: those files
 * are not served until `npm run files:migrate` copies them (ADR 0016). Undefined when there is nothing.
 */
export function leftoverFilesNotice(dataDir: string): string | undefined {
  const dir = join(dataDir, 'files');
  let entries: string[];
  try {
    entries = readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch {
    return undefined;
  }
  if (!entries.length) return undefined;
  return `WARNING: ${dir} holds uploaded files from an older version, which are not served from there any more. Run \`npm run files:migrate\` (with the server stopped on the embedded database) to copy them into the configured storage; \`npm run files:migrate -- --delete\` removes them once their copies are verified.`;
}
