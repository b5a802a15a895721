/**
 * npm run payouts:run
 *
 * Runs the caregiver payout now (any weekday): pays each caregiver's available balance — earnings
 * from bookings completed at least 48 h ago, not yet paid — into one payout for today's date. Safe to
 * repeat: a second run the same day pays nothing more. Uses DATABASE_URL when set, else the embedded
 * database under DATA_DIR, which only one process may hold (stop the server first, or use the admin
 * page's "Run payouts now").
 *
 * Exit codes: 0 done, 1 failure (database in use, another run in progress), 2 bad environment.
 */

import { centsToDecimal } from '../../shared/money';
import { createOutboxMailer, createSmtpMailer } from '../adapters/mailer';
import { createStorageFromEnv } from '../adapters/storage';
import { loadPayoutKey } from '../core/payout-key';
import { type Database, databaseOptionsFromEnv, openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { bookingLookups } from '../features/bookings';
import { createPayoutService } from '../features/payouts';
import { jobLockKey } from '../jobs/scheduler';
import { processIo, reportFailure, runIfMain } from './main-module';

async function main(): Promise<number> {
  if (process.argv.includes('-h') || process.argv.includes('--help')) {
    process.stdout.write('Usage: npm run payouts:run\n\n  Pays every caregiver’s available balance now.\n');
    return 0;
  }
  let database: Database;
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
    database = await openDatabase(databaseOptionsFromEnv(env, 'payouts:run'));
  } catch (err) {
    return reportFailure(err, processIo, 'payouts:run cannot start');
  }
  try {
    const mailer = env.smtpUrl
      ? createSmtpMailer(env.smtpUrl, env.mailFrom)
      : createOutboxMailer(database.db);
    const service = createPayoutService({
      db: database.db,
      key: loadPayoutKey(env),
      mailer,
      bookings: bookingLookups,
      // The bank-transfer batch file goes where the server's files go (ADR 0052).
      storage: createStorageFromEnv(env, database.db),
    });
    const now = new Date();
    // The same lock as the scheduled job: a run on a server instance and this one never overlap.
    const result = await database.withExclusiveLock(jobLockKey('payouts.friday'), () => service.run(now));
    if (!result) {
      process.stderr.write('Another payout run is in progress; nothing done.\n');
      return 1;
    }
    process.stdout.write(
      `Payouts for ${result.payoutDate}: ${result.paid} caregiver(s) paid, JMD ${centsToDecimal(result.totalCents)} in total` +
        (result.skippedNoAccount ? `; ${result.skippedNoAccount} without a payout account skipped` : '') +
        (result.batchId ? `; bank file #${result.batchId} ready in the admin console` : '') +
        '.\n',
    );
    return 0;
  } catch (err) {
    return reportFailure(err, processIo, 'Payout run failed');
  } finally {
    await database.close();
  }
}

runIfMain(import.meta.url, main);
