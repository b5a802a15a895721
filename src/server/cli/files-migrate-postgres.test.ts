import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, createS3Storage, type FileStorage } from '../adapters/storage';
import { migrateStoredFiles } from '../adapters/storage-migrate';
import { type Database, openDatabase } from '../db/client';
import { storedFiles } from '../db/schema';
import { collectingIo } from '../test/cli-io';
import { DB_KINDS, openTestDatabase } from '../test/harness';
import { startTestS3, type TestS3 } from '../test/s3';
import { runFilesMigrate } from './files-migrate';

/** What the PostgreSQL backend holds after some uploads: photos and a document. */
const FILES: Record<string, Buffer> = {
  'photos/7-0123456789abcdef0123456789abcdef-400.webp': Buffer.from('RIFF large webp'),
  'photos/7-0123456789abcdef0123456789abcdef-96.webp': Buffer.from('RIFF small'),
  'documents/7/fedcba9876543210fedcba9876543210.pdf': Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(70_000, 7),
  ]),
};

async function storeAll(storage: FileStorage) {
  for (const [key, body] of Object.entries(FILES)) await storage.put(key, body, 'application/octet-stream');
}

const rowCount = async (database: Database) =>
  (await database.db.select({ n: count() }).from(storedFiles))[0]?.n;

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

describe.each(DB_KINDS)('files:migrate from PostgreSQL (%s) into S3', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('copies every stored file with its bytes, page by page, repeatably, and deletes rows only when told', async () => {
    const source = createPostgresStorage(database.db);
    await storeAll(source);
    const bucket = createS3Storage(s3.settings);
    const first = await migrateStoredFiles(database.db, bucket, { pageSize: 2 });
    expect(first).toEqual({ found: 3, copied: 3, alreadyThere: 0, deleted: 0, ignored: [], failed: [] });
    for (const [key, body] of Object.entries(FILES))
      expect((await bucket.get(key))?.equals(body), key).toBe(true);
    expect(await rowCount(database)).toBe(3);

    const again = await migrateStoredFiles(database.db, bucket, { pageSize: 2 });
    expect(again).toMatchObject({ found: 3, copied: 0, alreadyThere: 3, failed: [] });

    // An object of the same size but other bytes is no copy: it is written again.
    const [altered] = Object.keys(FILES);
    await bucket.put(altered, Buffer.alloc(FILES[altered].length, 0x41), 'image/webp');
    const repaired = await migrateStoredFiles(database.db, bucket);
    expect(repaired).toMatchObject({ copied: 1, alreadyThere: 2, failed: [] });
    expect((await bucket.get(altered))?.equals(FILES[altered])).toBe(true);

    const moved = await migrateStoredFiles(database.db, bucket, { deleteSource: true, pageSize: 2 });
    expect(moved).toMatchObject({ found: 3, copied: 0, alreadyThere: 3, deleted: 3, failed: [] });
    expect(await rowCount(database)).toBe(0);
    for (const [key, body] of Object.entries(FILES))
      expect((await bucket.get(key))?.equals(body), key).toBe(true);
  });

  it('keeps a row whose copy it could not verify', async () => {
    const source = createPostgresStorage(database.db);
    await storeAll(source);
    const bucket = createS3Storage(s3.settings);
    // A store that flips the last byte of what it is given.
    const garbling: FileStorage = {
      ...bucket,
      put: (key, body, type) => {
        const copy = Buffer.from(body);
        copy[copy.length - 1] ^= 0xff;
        return bucket.put(key, copy, type);
      },
    };
    for (const key of Object.keys(FILES)) await bucket.delete(key);
    const report = await migrateStoredFiles(database.db, garbling, { deleteSource: true });
    expect(report).toMatchObject({ found: 3, copied: 0, deleted: 0 });
    expect(report.failed.map((f) => f.key)).toEqual(Object.keys(FILES).sort());
    expect(report.failed[0].reason).toMatch(
      /^stored bytes differ \(sha256 [0-9a-f]{12}… instead of [0-9a-f]{12}…\)$/,
    );
    expect(await rowCount(database)).toBe(3);
  });
});

const io = collectingIo;

// The command, in this process: on PostgreSQL when there is one, else on an embedded database in DATA_DIR.
it('npm run files:migrate -- --from postgres copies stored_files into the bucket, and needs one', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-migrate-pg-'));
  const pg = DB_KINDS.includes('postgres') ? await openTestDatabase('postgres') : undefined;
  const base = { DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: pg?.url ?? '' };
  const bucketEnv = {
    ...base,
    S3_BUCKET: s3.settings.bucket,
    S3_REGION: s3.settings.region,
    S3_ENDPOINT: s3.settings.endpoint ?? '',
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: '1',
  };
  try {
    const noBucket = io();
    expect(await runFilesMigrate(['--from', 'postgres'], base, noBucket)).toBe(2);
    expect(noBucket.errors()).toContain('--from postgres copies the files in stored_files into an S3 bucket');

    const database = pg ?? (await openDatabase({ kind: 'pglite', dataDir, purpose: 'test' }));
    await storeAll(createPostgresStorage(database.db));
    if (!pg) await database.close(); // the command opens DATA_DIR itself
    const bucket = createS3Storage(s3.settings);
    for (const key of Object.keys(FILES)) await bucket.delete(key);

    const run = io();
    expect(await runFilesMigrate(['--from', 'postgres'], bucketEnv, run), run.errors()).toBe(0);
    expect(run.errors()).toBe('');
    const where = `S3 bucket ${s3.settings.bucket} at ${s3.settings.endpoint}`;
    expect(run.text()).toBe(
      `Files in PostgreSQL (stored_files) → ${where}: 3 found, 3 copied, 0 already there, 0 failed; ` +
        'stored_files row(s) kept (--delete removes the verified ones).',
    );
    for (const [key, body] of Object.entries(FILES))
      expect((await bucket.get(key))?.equals(body), key).toBe(true);
    const again = io();
    expect(await runFilesMigrate(['--from', 'postgres'], bucketEnv, again)).toBe(0);
    expect(again.text()).toContain(': 3 found, 0 copied, 3 already there, 0 failed;');
  } finally {
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
