/**
 * npm run restore -- FILE [--force] [--pg-bin DIR]
 *
 * Restores a backup made by `npm run backup` into the database the environment names: a pg_dump
 * archive into DATABASE_URL, an embedded backup into DATA_DIR. The target must be empty unless
 * --force (see USAGE for what --force does in each case). Stop the server first.
 *
 * Exit codes: 0 done, 1 refused or failed (target not empty, wrong kind of backup, version mismatch,
 * server holds DATA_DIR, …), 2 bad arguments or environment.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupError, describeCounts } from '../db/backup/common';
import { restoreDataDir } from '../db/backup/embedded';
import { isPgDumpArchive, restorePostgres } from '../db/backup/postgres';
import { loadEnv } from '../env';
import { type CliIo, parseCliArgs, processIo, reportFailure, runIfMain } from './main-module';

const USAGE = `Usage: npm run restore -- FILE [--force] [--pg-bin DIR]

  A .dump (pg_dump) backup is restored into DATABASE_URL, in one transaction, its objects owned by
    the role DATABASE_URL connects as. The database must be empty (createdb a new one). --force
    restores over a non-empty one: the backup's tables, indexes, functions… are dropped and made
    again (pg_restore --clean --if-exists); anything the backup does not hold stays as it is.
  A .tar.gz (embedded) backup is unpacked into DATA_DIR (default ./data), which must be missing or
    empty; --force first moves what it holds to <DATA_DIR>.replaced-<UTC time>.
  Stop the server first. Row counts are printed (and for embedded backups checked) at the end.

  --force        restore into a non-empty target, as above
  --pg-bin DIR   folder holding pg_restore (default: the PATH), e.g. /usr/lib/postgresql/16/bin
  -h, --help     show this help`;

export async function runRestore(
  argv: string[],
  source: NodeJS.ProcessEnv = process.env,
  io: CliIo = processIo,
  now: Date = new Date(),
): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: argv,
      options: {
        force: { type: 'boolean' },
        'pg-bin': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    },
    USAGE,
    io,
    ({ positionals }) => {
      if (positionals.length !== 1) throw new Error('Give exactly one backup file.');
    },
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const file = resolve(positionals[0] as string);
  try {
    if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
    const env = loadEnv(source);
    const started = performance.now();
    const force = values.force ?? false;
    if (isPgDumpArchive(file)) {
      if (!env.databaseUrl) {
        throw new BackupError(
          'This is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.',
        );
      }
      await restorePostgres({ url: env.databaseUrl, file, force, binDir: values['pg-bin'], say: io.out });
    } else {
      if (env.databaseUrl) {
        throw new BackupError(
          'This is not a PostgreSQL backup (pg_dump) and DATABASE_URL is set. An embedded-database backup is ' +
            'restored into DATA_DIR: unset DATABASE_URL and run again.',
        );
      }
      const r = await restoreDataDir({ file, dataDir: env.dataDir, force, now, say: io.out });
      io.out(
        `Restored ${describeCounts(r.tables)} into ${resolve(env.dataDir)}; row counts match the backup.`,
      );
    }
    io.out(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the server to use it.`);
    return 0;
  } catch (err) {
    return reportFailure(err, io, 'Restore failed', { lockedHint: 'Stop the server before restoring.' });
  }
}

runIfMain(import.meta.url, () => runRestore(process.argv.slice(2)));
