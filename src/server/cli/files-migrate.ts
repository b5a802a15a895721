/**
 * npm run files:migrate [-- --from DIR | --from postgres] [--delete]
 *
 * Copies uploaded files into the configured storage (ADR 0016), under the same keys:
 * - by default, or `--from DIR`: the files older versions kept on disk (DATA_DIR/files) into PostgreSQL's
 *   stored_files table, or into the S3 bucket when S3_BUCKET is set;
 * - `--from postgres`, with S3_BUCKET set: the files in stored_files into the bucket (moving a deployment
 *   from the database to S3).
 * Safe to repeat: a file the target already holds with the same size and SHA-256 is skipped. Each copy is
 * read back and compared the same way; the source copies stay unless --delete is given, and then only
 * verified ones go. With the embedded database, stop the server first (one process per data directory).
 *
 * Exit codes: 0 every file is in the target, 1 some failed (or the database is in use), 2 bad usage or
 * environment.
 */

import { join, resolve } from 'node:path';
import { createStorageFromEnv, describeStorage } from '../adapters/storage';
import { type MigrateFilesReport, migrateLocalFiles, migrateStoredFiles } from '../adapters/storage-migrate';
import { type Database, databaseOptionsFromEnv, openDatabase } from '../db/client';
import { type Env, loadEnv } from '../env';
import { type CliIo, EXIT_USAGE, parseCliArgs, processIo, reportFailure, runIfMain } from './main-module';

const USAGE = `Usage: npm run files:migrate [-- --from DIR | --from postgres] [--delete]

  Copies uploaded files into the configured storage, under the same keys. Repeatable: files already
  there with the same size and SHA-256 are skipped; every copy is read back and compared.
  (no --from)      the files an older version kept under DATA_DIR/files, into PostgreSQL (stored_files),
                   or into the S3 bucket when S3_BUCKET is set
  --from DIR       the same, from the folder DIR (./postgres for a folder of that name)
  --from postgres  the files in PostgreSQL (stored_files) into the S3 bucket: needs S3_BUCKET (and the
                   other S3_* variables) beside DATABASE_URL or DATA_DIR
  --delete         remove each source copy (disk file or stored_files row) once its copy is verified;
                   from postgres, only once every server uses the bucket
  -h, --help       show this help`;

export async function runFilesMigrate(
  argv: string[],
  source: NodeJS.ProcessEnv = process.env,
  io: CliIo = processIo,
): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: argv,
      options: {
        delete: { type: 'boolean' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    },
    USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  let env: Env;
  try {
    env = loadEnv(source);
  } catch (err) {
    return reportFailure(err, io, 'files:migrate cannot start');
  }
  const fromPostgres = args.from === 'postgres';
  if (fromPostgres && !env.s3) {
    io.err(
      '--from postgres copies the files in stored_files into an S3 bucket, and S3_BUCKET is not set: set ' +
        'S3_BUCKET, S3_REGION (and S3_ENDPOINT and keys as the servers will) and run again.',
    );
    return EXIT_USAGE;
  }
  let database: Database | undefined;
  try {
    // Copying disk files into S3 needs no database; everything else does.
    if (fromPostgres || !env.s3) database = await openDatabase(databaseOptionsFromEnv(env, 'files:migrate'));
  } catch (err) {
    return reportFailure(err, io, 'files:migrate cannot start');
  }
  try {
    const target = createStorageFromEnv(env, database?.db);
    const options = { deleteSource: args.delete };
    let report: MigrateFilesReport;
    let what: string;
    if (fromPostgres && database) {
      what = 'Files in PostgreSQL (stored_files)';
      report = await migrateStoredFiles(database.db, target, options);
    } else {
      const dir = resolve(args.from ?? join(env.dataDir, 'files'));
      what = `Files under ${dir}`;
      report = await migrateLocalFiles(dir, target, options);
    }
    for (const f of report.failed) io.err(`failed: ${f.key}: ${f.reason}`);
    for (const p of report.ignored) io.out(`ignored (not a storage key): ${p}`);
    const copies = fromPostgres ? 'stored_files row(s)' : 'disk file(s)';
    io.out(
      `${what} → ${describeStorage(env)}: ${report.found} found, ${report.copied} copied, ` +
        `${report.alreadyThere} already there, ${report.failed.length} failed; ` +
        (args.delete
          ? `${report.deleted} ${copies} deleted.`
          : `${copies} kept (--delete removes the verified ones).`),
    );
    return report.failed.length ? 1 : 0;
  } catch (err) {
    return reportFailure(err, io, 'files:migrate failed');
  } finally {
    await database?.close();
  }
}

runIfMain(import.meta.url, () => runFilesMigrate(process.argv.slice(2)));
