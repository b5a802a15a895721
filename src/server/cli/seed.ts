/**
 * npm run db:seed [-- --caregivers N]
 *
 * Seeds the demo data set when the database is empty, then optionally adds N generated caregivers
 * (for search and load benchmarks). Uses DATABASE_URL when set, else the embedded database under
 * DATA_DIR — which only one process may hold, so stop the server first.
 *
 * Exit codes: 0 done, 1 failure (database in use, SQL error), 2 bad arguments or environment, 130 stopped.
 */
import { parseArgs } from 'node:util';
import { type Database, databaseOptionsFromEnv, openDatabase } from '../db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, seedBulkCaregivers, seedDemoDataIfEmpty } from '../demo-data';
import { loadEnv } from '../env';
import { hashPassword } from '../features/auth';
import { processIo, reportFailure, runIfMain } from './main-module';

const MAX_CAREGIVERS = 1_000_000;

const USAGE = `Usage: npm run db:seed [-- --caregivers N]

  Seeds the demo data set if the database is empty.
  --caregivers N   also add N generated caregivers (1–${MAX_CAREGIVERS.toLocaleString('en-US')})
  -h, --help       show this help`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { caregivers: number; help: boolean } {
  let values: { caregivers?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { caregivers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const raw = values.caregivers?.trim();
  if (raw === undefined) return { caregivers: 0, help: values.help ?? false };
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_CAREGIVERS) {
    throw new UsageError(
      `--caregivers must be a whole number from 1 to ${MAX_CAREGIVERS.toLocaleString('en-US')}, got '${values.caregivers}'`,
    );
  }
  return { caregivers: n, help: values.help ?? false };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  let database: Database;
  try {
    const env = loadEnv();
    database = await openDatabase(databaseOptionsFromEnv(env, 'db:seed'));
  } catch (err) {
    // The server (or another seed) holds DATA_DIR: its message says which process and what to do.
    return reportFailure(err, processIo, 'db:seed cannot start');
  }

  // Ctrl+C: finish the batch in flight, then close the database cleanly (an embedded database
  // killed mid-write may not open again).
  const abort = new AbortController();
  const onSignal = () => {
    if (abort.signal.aborted) return;
    process.stderr.write('\nStopping after the current batch…\n');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const started = performance.now();
    // One argon2 hash for every account the run creates.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const summary = await seedDemoDataIfEmpty(database.db, { passwordHash });
    if (summary) {
      const parts = Object.entries(summary).map(([table, n]) => `${table} ${n}`);
      process.stdout.write(
        `Demo data added in ${seconds(performance.now() - started)}: ${parts.join(', ')}.\n`,
      );
      process.stdout.write('Demo logins (password for all demo accounts):\n');
      for (const login of DEMO_LOGINS) {
        process.stdout.write(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}\n`);
      }
    } else {
      process.stdout.write('The database already has users; demo data not added.\n');
    }

    if (args.caregivers > 0) {
      const n = args.caregivers;
      const bulkStarted = performance.now();
      const tty = process.stdout.isTTY;
      let lastStep = 0;
      process.stdout.write(`Adding ${n.toLocaleString('en-US')} generated caregivers…\n`);
      await seedBulkCaregivers(database.db, n, {
        passwordHash,
        signal: abort.signal,
        onProgress(done) {
          const pct = Math.floor((done / n) * 100);
          const line = `  ${done.toLocaleString('en-US')} / ${n.toLocaleString('en-US')} (${pct}%) ${seconds(performance.now() - bulkStarted)}`;
          if (tty) process.stdout.write(`\r${line}`);
          else if (Math.floor(pct / 10) > lastStep || done === n) {
            process.stdout.write(`${line}\n`);
            lastStep = Math.floor(pct / 10);
          }
        },
      });
      if (tty) process.stdout.write('\n');
      const elapsed = performance.now() - bulkStarted;
      if (abort.signal.aborted) {
        process.stdout.write(`Stopped; the caregivers written so far are kept (${seconds(elapsed)}).\n`);
        return 130;
      }
      const rate = Math.round(n / (elapsed / 1000));
      process.stdout.write(
        `Added ${n.toLocaleString('en-US')} caregivers in ${seconds(elapsed)} (${rate.toLocaleString('en-US')}/s).\n`,
      );
    }
    process.stdout.write(`Done in ${seconds(performance.now() - started)}.\n`);
    return 0;
  } catch (err) {
    return reportFailure(err, processIo, 'Seeding failed');
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await database.close();
  }
}

runIfMain(import.meta.url, main);
