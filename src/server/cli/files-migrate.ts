/**
 * npm run files:migrate [-- --delete] [-- --from DIR]
 *
 * Copies every uploaded file that older versions kept on disk (DATA_DIR/files) to the configured storage:
 * PostgreSQL's stored_files table by default, the S3 bucket when S3_BUCKET is set (ADR 0016). Safe to
 * repeat: files already there with the same size are skipped. Each copy is verified by its size; the disk
 * files stay unless --delete is given, and then only verified ones go. With the embedded database, stop
 * the server first (one process per data directory).
 *
 * Exit codes: 0 every file is in the target, 1 some failed (or the database is in use), 2 bad usage or
 * environment.
 */

import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStorageFromEnv, describeStorage } from '../adapters/storage';
import { migrateLocalFiles } from '../adapters/storage-migrate';
import { type Database, databaseOptionsFromEnv, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { type Env, loadEnv } from '../env';

const USAGE = `Usage: npm run files:migrate [-- --delete] [-- --from DIR]

  Copies the files under DATA_DIR/files (or DIR) to the configured storage: PostgreSQL by default,
  the S3 bucket when S3_BUCKET is set. Repeatable; disk files are kept unless --delete is given.
`;

async function main(): Promise<number> {
  let args: { delete?: boolean; from?: string; help?: boolean };
  try {
    args = parseArgs({
      options: {
        delete: { type: 'boolean' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const from = resolve(args.from ?? join(env.dataDir, 'files'));
  let database: Database | undefined;
  try {
    // S3 needs no database; PostgreSQL storage does.
    if (!env.s3) database = await openDatabase(databaseOptionsFromEnv(env, 'files:migrate'));
  } catch (err) {
    if (err instanceof DataDirLockedError) process.stderr.write(`${err.message}\n`);
    else process.stderr.write(`Could not open the database: ${err instanceof Error ? err.message : err}\n`);
    return 1;
  }
  try {
    const target = createStorageFromEnv(env, database?.db);
    const report = await migrateLocalFiles(from, target, { deleteSource: args.delete });
    for (const f of report.failed) process.stderr.write(`failed: ${f.key}: ${f.reason}\n`);
    for (const p of report.ignored) process.stdout.write(`ignored (not a storage key): ${p}\n`);
    process.stdout.write(
      `Files under ${from} → ${describeStorage(env)}: ${report.found} found, ${report.copied} copied, ` +
        `${report.alreadyThere} already there, ${report.failed.length} failed; ` +
        (args.delete
          ? `${report.deleted} disk file(s) deleted.\n`
          : 'disk files kept (--delete removes the verified ones).\n'),
    );
    return report.failed.length ? 1 : 0;
  } catch (err) {
    process.stderr.write(`files:migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
