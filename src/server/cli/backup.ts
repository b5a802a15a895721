/**
 * npm run backup [-- --out FILE] [--pg-bin DIR]
 *
 * Backs up the database the environment names. With DATABASE_URL: pg_dump's custom format (-Fc), the
 * server may keep running. Otherwise the embedded database in DATA_DIR, copied whole with its files;
 * the server must be stopped first (ADR 0020). Restore with `npm run restore`.
 *
 * Exit codes: 0 done, 1 refused or failed (server holds DATA_DIR, version mismatch, file exists, …),
 * 2 bad arguments or environment.
 */
import { defaultBackupPath } from '../db/backup/common';
import { backupDataDir } from '../db/backup/embedded';
import { backupPostgres } from '../db/backup/postgres';
import { loadEnv } from '../env';
import { type CliIo, parseCliArgs, processIo, reportFailure, runIfMain } from './main-module';

const USAGE = `Usage: npm run backup [-- --out FILE] [--pg-bin DIR]

  With DATABASE_URL: pg_dump --format=custom of that database (the server may keep running);
    default FILE backups/yaadcare-<UTC time>.dump.
  Without: the embedded database in DATA_DIR (default ./data) with its files, as a .tar.gz;
    stop the server first. Default FILE backups/yaadcare-<UTC time>.tar.gz.
  The file holds personal data and password hashes: it is made readable by its owner only.

  --out FILE     where to write (never over an existing file)
  --pg-bin DIR   folder holding pg_dump (default: the PATH), e.g. /usr/lib/postgresql/16/bin
  -h, --help     show this help`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function runBackup(
  argv: string[],
  source: NodeJS.ProcessEnv = process.env,
  io: CliIo = processIo,
  now: Date = new Date(),
): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: argv,
      options: {
        out: { type: 'string' },
        'pg-bin': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    },
    USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  try {
    const env = loadEnv(source);
    const started = performance.now();
    if (env.databaseUrl) {
      const r = await backupPostgres({
        url: env.databaseUrl,
        out: values.out ?? defaultBackupPath('postgres', now),
        binDir: values['pg-bin'],
        say: io.out,
      });
      io.out(
        `Backup written: ${r.file} (${mib(r.bytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    } else {
      const r = await backupDataDir({
        dataDir: env.dataDir,
        out: values.out ?? defaultBackupPath('embedded', now),
        now,
        say: io.out,
      });
      io.out(
        `Backup written: ${r.file} (${mib(r.bytes)}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
    return 0;
  } catch (err) {
    return reportFailure(err, io, 'Backup failed', {
      lockedHint: 'The embedded database is backed up with the server stopped.',
    });
  }
}

runIfMain(import.meta.url, () => runBackup(process.argv.slice(2)));
