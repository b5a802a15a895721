/**
 * npm run bench:series
 *
 * Creating a 26-week recurring booking (Monday to Friday, about 130 visits) through the API, side by side
 * with its reference in the same run: the same rows (the series and its visits) written with raw SQL in
 * one transaction, one multi-row INSERT, no checks. The API does what the product must: the circle
 * policy, pricing, the conflict search, one booking row per visit through the single-booking path (event,
 * listeners, notices) under the exclusion constraint. Each run books a fresh caregiver. Runs on PGlite
 * (a temporary DATA_DIR) and, when DATABASE_URL is set, on PostgreSQL (a fresh database, dropped at the
 * end). Writes bench/results/series.json.
 *
 * Options (environment): BENCH_RUNS (default 5), BENCH_ONLY=pglite|postgres.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { sessions } from '../src/server/features/auth';
import { bearer, createCaregiver, createUser } from '../src/server/test/factories';
import { addDays } from '../src/shared/booking-series';
import { jamaicaInstantAt } from '../src/shared/contracts/bookings';
import { jamaicaToday } from '../src/shared/time';
import { benchEnv, pgliteTarget, postgresTarget, type Target } from './support/targets';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/series.json');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HOUR = 3_600_000;

export interface SeriesBenchResult {
  database: 'pglite' | 'postgres';
  runs: number;
  visits: number;
  apiP50Ms: number;
  apiMinMs: number;
  apiMaxMs: number;
  sqlP50Ms: number;
  sqlMinMs: number;
  sqlMaxMs: number;
  /** API time over the raw SQL's, at the median. */
  ratio: number;
  loadAverage: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(target: Target): Promise<SeriesBenchResult> {
  const database = await target.open();
  const app = await buildApp({
    env: benchEnv(
      target.kind === 'pglite' ? { DATA_DIR: target.dataDir ?? '' } : { DATABASE_URL: target.url ?? '' },
    ),
    database,
    logger: false,
  });
  await app.ready();
  try {
    const db = database.db;
    const family = await createUser(db, { userType: 'family' });
    const headers = bearer(await sessions.create(db, family.id, {}));
    const today = jamaicaToday(new Date());
    const body = (caregiverId: number) => ({
      caregiverId,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '08:00',
      hours: 4,
      startDate: addDays(today, 1),
      endDate: addDays(today, 182),
    });
    const api: number[] = [];
    const raw: number[] = [];
    let visits = 0;
    for (let run = -1; run < RUNS; run++) {
      // API: the real request (run -1 warms up and is not counted).
      const { caregiver } = await createCaregiver(db, { hourlyRate: 1500 });
      const began = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/booking-series',
        headers,
        payload: body(caregiver.id),
      });
      const ms = performance.now() - began;
      if (res.statusCode !== 201) throw new Error(`series failed: ${res.statusCode} ${res.body}`);
      const dates: string[] = res.json().bookings.map((b: { date: string }) => b.date);
      visits = dates.length;
      // Raw SQL: the same rows for another caregiver, in one transaction.
      const other = (await createCaregiver(db, { hourlyRate: 1500 })).caregiver;
      const rawBegan = performance.now();
      await db.transaction(async (tx) => {
        const inserted = await tx.execute<{ id: number }>(sql`
            insert into booking_series (family_id, caregiver_id, weekdays, start_time, hours, start_date, end_date, status, skipped)
            values (${family.id}, ${other.id}, '{1,2,3,4,5}', '08:00', 4, ${dates[0]}, ${dates.at(-1)}, 'requested', '[]')
            returning id`);
        // pg answers { rows }, PGlite's drizzle driver the same; either way the first row's id.
        const [{ id }] = ((inserted as unknown as { rows?: { id: number }[] }).rows ??
          (inserted as unknown as { id: number }[])) as { id: number }[];
        const rows = dates.map((date) => {
          const startsAt = jamaicaInstantAt(date, 8 * 60);
          return sql`(${family.id}, ${other.id}, ${id}, ${date}, '08:00', '12:00', 4, ${startsAt}, ${new Date(startsAt.getTime() + 4 * HOUR)}, '1500.00', '300.00', '6300.00', 'pending')`;
        });
        await tx.execute(sql`
          insert into bookings (family_id, caregiver_id, series_id, date, start_time, end_time, duration, starts_at, ends_at, hourly_rate, platform_fee, total_cost, status)
          values ${sql.join(rows, sql`, `)}`);
      });
      const rawMs = performance.now() - rawBegan;
      if (run >= 0) {
        api.push(ms);
        raw.push(rawMs);
      }
      log(
        `${target.kind} run ${run}: API ${Math.round(ms)} ms, SQL ${Math.round(rawMs)} ms (${visits} visits)`,
      );
    }
    return {
      database: target.kind,
      runs: RUNS,
      visits,
      apiP50Ms: round(median(api)),
      apiMinMs: round(Math.min(...api)),
      apiMaxMs: round(Math.max(...api)),
      sqlP50Ms: round(median(raw)),
      sqlMinMs: round(Math.min(...raw)),
      sqlMaxMs: round(Math.max(...raw)),
      ratio: round(median(api) / median(raw)),
      loadAverage: round(loadavg()[0]),
    };
  } finally {
    await app.close();
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const targets: Target[] = [];
  if (only !== 'postgres') targets.push(pgliteTarget('the series benchmark'));
  if (only !== 'pglite' && process.env.DATABASE_URL)
    targets.push(postgresTarget(process.env.DATABASE_URL, 4));
  const results: SeriesBenchResult[] = [];
  for (const target of targets) {
    try {
      results.push(await measure(target));
    } finally {
      await target.cleanup();
    }
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  for (const r of results)
    log(
      `${r.database}: ${r.visits} visits — API p50 ${r.apiP50Ms} ms (min ${r.apiMinMs}, max ${r.apiMaxMs}); raw SQL p50 ${r.sqlP50Ms} ms; ratio ${r.ratio}×`,
    );
}

main().catch((err) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
