import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rows } from '../db/raw-rows';
import { DB_KINDS, openTestDatabase, testEnv } from '../test/harness';
import { startTestS3, type TestS3 } from '../test/s3';
import {
  contentTypeOfKey,
  createLocalStorage,
  createPostgresStorage,
  createS3Storage,
  createStorageFromEnv,
  describeStorage,
  type FileStorage,
  leftoverFilesNotice,
  newStorageKey,
} from './storage';
import { createS3Client } from './storage-s3';

/** Every byte value, twice, with NULs at both ends: what a text column or a careless encoder would break. */
const BINARY = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))]);

/** What every backend promises (FileStorage), run against each one. */
function storageContract(storage: () => FileStorage) {
  it('keeps the exact bytes of a file under its key, and its size', async () => {
    const s = storage();
    const key = newStorageKey('documents/7', 'pdf');
    await s.put(key, BINARY, 'application/pdf');
    const back = await s.get(key);
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back?.equals(BINARY)).toBe(true);
    expect(await s.size(key)).toBe(BINARY.length);
    const big = Buffer.alloc(1024 * 1024 + 17, 0xa5);
    const bigKey = newStorageKey('documents/7', 'jpg');
    await s.put(bigKey, big, 'image/jpeg');
    expect((await s.get(bigKey))?.equals(big)).toBe(true);
    expect(await s.size(bigKey)).toBe(big.length);
  });

  it('answers undefined for a key that holds nothing; deleting it is no error', async () => {
    const s = storage();
    const key = newStorageKey('photos', 'webp');
    expect(await s.get(key)).toBeUndefined();
    expect(await s.size(key)).toBeUndefined();
    await expect(s.delete(key)).resolves.toBeUndefined();
  });

  it('replaces a file put again under the same key, and forgets a deleted one', async () => {
    const s = storage();
    const key = newStorageKey('photos', 'webp');
    await s.put(key, Buffer.from('first version'), 'image/webp');
    await s.put(key, Buffer.from('second'), 'image/webp');
    expect((await s.get(key))?.toString()).toBe('second');
    expect(await s.size(key)).toBe(6);
    await s.delete(key);
    expect(await s.get(key)).toBeUndefined();
    expect(await s.size(key)).toBeUndefined();
  });

  it('keeps files written at once apart', async () => {
    const s = storage();
    const files = Array.from({ length: 12 }, (_, i) => ({
      key: newStorageKey(`documents/${i}`, 'png'),
      body: Buffer.from(`file number ${i} `.repeat(i + 1)),
    }));
    await Promise.all(files.map((f) => s.put(f.key, f.body, 'image/png')));
    const back = await Promise.all(files.map((f) => s.get(f.key)));
    back.forEach((b, i) => {
      expect(b?.equals(files[i].body)).toBe(true);
    });
  });

  it('refuses keys the server would never make, before touching the store', async () => {
    const s = storage();
    for (const key of [
      '../etc/passwd',
      'documents/../../x',
      '/abs',
      'Documents/1/a.pdf',
      'a//b',
      'a/./b',
      '',
    ]) {
      await expect(s.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid storage key/);
      await expect(s.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(s.size(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(s.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
}

describe.each(DB_KINDS)('PostgreSQL file storage on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  storageContract(() => createPostgresStorage(database.db));

  it('is the default: the files are rows of stored_files, which a database backup holds', async () => {
    const s = createStorageFromEnv(testEnv(), database.db);
    expect(s.kind).toBe('postgres');
    expect(describeStorage(testEnv())).toBe('PostgreSQL (stored_files)');
    const key = newStorageKey('documents/3', 'pdf');
    await s.put(key, Buffer.from('%PDF-1.4 a bill'), 'application/pdf');
    const found = await rows(
      database.db,
      sql`select content_type, size, octet_length(bytes) as n from stored_files where key = ${key}`,
    );
    expect(found).toEqual([{ content_type: 'application/pdf', size: 15, n: 15 }]);
    // The size column cannot disagree with the bytes.
    await expect(
      database.db.execute(
        sql`insert into stored_files (key, content_type, size, bytes) values ('x/y', 'a/b', 5, '\\x00')`,
      ),
    ).rejects.toThrow();
  });
});

describe('S3 file storage against an S3-compatible server (s3rver)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  storageContract(() => createS3Storage(s3.settings));

  it('is chosen when S3 is configured, and never makes an object public', async () => {
    const env = { ...testEnv(), s3: s3.settings };
    expect(createStorageFromEnv(env, undefined).kind).toBe('s3');
    expect(describeStorage(env)).toBe(`S3 bucket yaadcare-files at ${s3.settings.endpoint}`);
    const client = await createS3Client(s3.settings);
    const sent: { command: string; input: Record<string, unknown> }[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push({ command: String(context.commandName), input: args.input as Record<string, unknown> });
        return next(args);
      },
      { step: 'initialize' },
    );
    const s = createS3Storage(s3.settings, client);
    const key = newStorageKey('documents/9', 'jpg');
    await s.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    await s.get(key);
    await s.size(key);
    await s.delete(key);
    expect(sent.map((c) => c.command)).toEqual([
      'PutObjectCommand',
      'GetObjectCommand',
      'HeadObjectCommand',
      'DeleteObjectCommand',
    ]);
    for (const { input } of sent) {
      expect(Object.keys(input).filter((k) => /^(ACL|Grant)/.test(k))).toEqual([]);
    }
    expect(sent[0].input).toMatchObject({ Bucket: 'yaadcare-files', Key: key, ContentType: 'image/jpeg' });
  });

  it('fails loudly (never "no such file") when the store refuses the credentials', async () => {
    const s = createS3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    await expect(s.get(newStorageKey('documents/1', 'pdf'))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(s.size(newStorageKey('documents/1', 'pdf'))).rejects.toThrow();
  });
});

describe('local file storage (the source of files:migrate)', () => {
  const root = mkdtempSync(join(tmpdir(), 'yc-local-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  storageContract(() => createLocalStorage(root));

  it('leaves no temporary file behind', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [e.name],
      );
    expect(walk(root).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

it('derives a content type from the extension the server gave the key', () => {
  expect(contentTypeOfKey('photos/1-ab-400.webp')).toBe('image/webp');
  expect(contentTypeOfKey('documents/1/ab.jpg')).toBe('image/jpeg');
  expect(contentTypeOfKey('documents/1/ab.PDF')).toBe('application/pdf');
  expect(contentTypeOfKey('documents/1/ab.png')).toBe('image/png');
  expect(contentTypeOfKey('documents/1/ab')).toBe('application/octet-stream');
});

it('warns at start when DATA_DIR/files still holds files an older version wrote', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-leftover-'));
  try {
    expect(leftoverFilesNotice(dataDir)).toBeUndefined();
    mkdirSync(join(dataDir, 'files'));
    expect(leftoverFilesNotice(dataDir)).toBeUndefined();
    mkdirSync(join(dataDir, 'files', 'photos'));
    expect(leftoverFilesNotice(dataDir)).toMatch(/npm run files:migrate/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
