import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, createS3Storage, type FileStorage } from '../adapters/storage';
import { migrateLocalFiles } from '../adapters/storage-migrate';
import { type Database, openDatabase } from '../db/client';
import { DB_KINDS, openTestDatabase } from '../test/harness';
import { runCli } from '../test/process';
import { startTestS3, type TestS3 } from '../test/s3';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** DATA_DIR/files as an older version left it: two photos, a document, a half-written temp file, a stray. */
function oldFilesFolder() {
  const root = mkdtempSync(join(tmpdir(), 'yc-old-files-'));
  dirs.push(root);
  const files: Record<string, Buffer> = {
    'photos/7-0123456789abcdef0123456789abcdef-400.webp': Buffer.from('RIFF large webp'),
    'photos/7-0123456789abcdef0123456789abcdef-96.webp': Buffer.from('RIFF small'),
    'documents/7/fedcba9876543210fedcba9876543210.pdf': Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(70_000, 7),
    ]),
  };
  const extra = {
    'documents/7/.a1b2c3d4e5f6.tmp': Buffer.from('half'),
    'Notes From Admin.txt': Buffer.from('not ours'),
  };
  for (const [key, body] of Object.entries({ ...files, ...extra })) {
    mkdirSync(dirname(join(root, key)), { recursive: true });
    writeFileSync(join(root, key), body);
  }
  return { root, files };
}

/** The migration, run against one backend. */
function migrationSuite(target: () => FileStorage) {
  it('copies every file with its bytes, is repeatable, and keeps the disk files unless told', async () => {
    const { root, files } = oldFilesFolder();
    const first = await migrateLocalFiles(root, target());
    expect(first).toMatchObject({ found: 3, copied: 3, alreadyThere: 0, deleted: 0, failed: [] });
    expect(first.ignored).toEqual(['Notes From Admin.txt', 'documents/7/.a1b2c3d4e5f6.tmp']);
    for (const [key, body] of Object.entries(files)) {
      expect((await target().get(key))?.equals(body), key).toBe(true);
      expect(existsSync(join(root, key))).toBe(true);
    }
    const again = await migrateLocalFiles(root, target());
    expect(again).toMatchObject({ found: 3, copied: 0, alreadyThere: 3, failed: [] });

    // A copy of the wrong size (an interrupted earlier copy), or of the right size with other bytes, is
    // copied again.
    const [damaged, altered] = Object.keys(files);
    await target().put(damaged, Buffer.from('RIFF'), 'image/webp');
    await target().put(altered, Buffer.from(files[altered]).fill(0x41, 4), 'image/webp');
    const repaired = await migrateLocalFiles(root, target());
    expect(repaired).toMatchObject({ copied: 2, alreadyThere: 1, failed: [] });
    expect((await target().get(damaged))?.equals(files[damaged])).toBe(true);
    expect((await target().get(altered))?.equals(files[altered])).toBe(true);

    const moved = await migrateLocalFiles(root, target(), { deleteSource: true });
    expect(moved).toMatchObject({ found: 3, copied: 0, alreadyThere: 3, deleted: 3, failed: [] });
    for (const key of Object.keys(files)) expect(existsSync(join(root, key))).toBe(false);
    // What is not a storage key stays, and so does its folder; emptied folders go.
    expect(readdirSync(root).sort()).toEqual(['Notes From Admin.txt', 'documents']);
    expect(readdirSync(join(root, 'documents/7'))).toEqual(['.a1b2c3d4e5f6.tmp']);
    for (const key of Object.keys(files)) expect(await target().size(key)).toBe(files[key].length);
  });
}

describe.each(DB_KINDS)('files:migrate into PostgreSQL on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  migrationSuite(() => createPostgresStorage(database.db));
});

describe('files:migrate into S3 (s3rver)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  migrationSuite(() => createS3Storage(s3.settings));
});

it('files:migrate never deletes a disk file whose copy it could not verify', async () => {
  const { root, files } = oldFilesFolder();
  const kept = new Map<string, Buffer>();
  // A store that loses the last byte of every file.
  const lossy: FileStorage = {
    kind: 'postgres',
    async put(key, body) {
      kept.set(key, body.subarray(0, body.length - 1));
    },
    async get(key) {
      return kept.get(key);
    },
    async size(key) {
      return kept.get(key)?.length;
    },
    async delete(key) {
      kept.delete(key);
    },
  };
  const report = await migrateLocalFiles(root, lossy, { deleteSource: true });
  expect(report).toMatchObject({ found: 3, copied: 0, deleted: 0 });
  expect(report.failed.map((f) => f.key).sort()).toEqual(Object.keys(files).sort());
  expect(report.failed[0].reason).toMatch(/^stored \d+ bytes of \d+$/);
  for (const key of Object.keys(files)) expect(existsSync(join(root, key))).toBe(true);
});

// The command itself, once: on PostgreSQL when there is one (a fresh embedded database costs a child process
// several seconds of migrations), else on the embedded database under DATA_DIR.
it('npm run files:migrate moves DATA_DIR/files into the database and reports the counts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-migrate-cli-'));
  dirs.push(dataDir);
  const kind = DB_KINDS.includes('postgres') ? 'postgres' : 'pglite';
  const pg = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
  const { root, files } = oldFilesFolder();
  const env = { DATA_DIR: dataDir, NODE_ENV: 'production', S3_BUCKET: '', DATABASE_URL: pg?.url ?? '' };
  try {
    const run = await runCli('src/server/cli/files-migrate.ts', ['--from', root, '--delete'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Files under ${root} → PostgreSQL (stored_files): 3 found, 3 copied, 0 already there, 0 failed; 3 disk file(s) deleted.`,
    );
    expect(run.stdout).toContain('ignored (not a storage key): Notes From Admin.txt');
    const database = pg ?? (await openDatabase({ kind: 'pglite', dataDir, purpose: 'test' }));
    const storage = createPostgresStorage(database.db);
    for (const [key, body] of Object.entries(files))
      expect((await storage.get(key))?.equals(body)).toBe(true);
    if (!pg) await database.close();
    const usage = await runCli('src/server/cli/files-migrate.ts', ['--nonsense'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run files:migrate');
  } finally {
    await pg?.close();
  }
}, 60_000);
