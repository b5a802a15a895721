import { describeStorage, leftoverFilesNotice } from './adapters/storage';
import { buildApp } from './app';
import { databaseOptionsFromEnv, openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { attachReadReplica } from './db/replica';
import { seedBadgeCatalog } from './demo-data/badges';
import { seedDemoDataIfEmpty } from './demo-data/index';
import { loadEnv } from './env';
import { startScheduler } from './jobs/scheduler';
import { closeGracefully } from './plugins/graceful-close';
import { JOBS } from './wiring/jobs';

/** Starts the server: env → database (migrated) → demo data when asked → listen; stops cleanly on signals. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(databaseOptionsFromEnv(env, 'the YaadCare server'));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (env.replica)
    database = attachReadReplica(database, {
      url: env.replica.url,
      maxLagMs: env.replica.maxLagMs,
      checkEveryMs: 250,
    });
  await seedBadgeCatalog(database.db);
  if (env.demoMode) {
    const summary = await seedDemoDataIfEmpty(database.db);
    if (summary) console.log(`Demo data loaded: ${JSON.stringify(summary)}`);
  }

  const app = await buildApp({ env, database });
  // Background jobs run only in the server process; stopped (runs in progress told to stop and awaited,
  // their locks released) before the database closes.
  const stopJobs = startScheduler(app, JOBS, { everyMs: env.jobsEveryMs });
  app.addHook('preClose', async () => {
    await stopJobs();
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections; finishing requests, streams and jobs');
    const force = setTimeout(() => {
      app.log.error(`did not stop within ${env.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, env.shutdownTimeoutMs);
    force.unref();
    try {
      await closeGracefully(app);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.dataDir}`;
  console.log(
    `\nYaadCare is running at http://localhost:${env.port} (listening on ${env.host})  —  database: ${where}, files: ${describeStorage(env)}${env.demoMode ? ', demo mode' : ''}\n`,
  );
  // Demo mode forced on a public address, or refused there: said last, where it is seen.
  for (const line of env.startupWarnings) console.warn(`${line}\n`);
  // Files an older version kept on disk are not served until files:migrate copies them (ADR 0016).
  const leftover = leftoverFilesNotice(env.dataDir);
  if (leftover) console.warn(`${leftover}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
