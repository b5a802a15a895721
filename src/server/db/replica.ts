import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db, ReadReplica } from './client';
import * as schema from './schema';

export interface ReadReplicaOptions {
  url: string;
  /** Reads fall back to the primary while the replica is further behind than this. */
  maxLagMs: number;
  /** How often the lag is checked (0: never on a timer; tests call checkLag). */
  checkEveryMs: number;
  poolSize?: number;
  now?: () => number;
}

/** A WAL position ("16/B374D848") as a number of bytes. */
export function lsnToBigInt(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/**
 * The replica's staleness from samples of the primary's WAL position taken at known times: none if it
 * replayed the newest sample; otherwise at most the time since the newest sample it did replay (what was
 * written after that may be missing). Having replayed none of them (at start: samples older than the newest
 * replayed one are dropped), its staleness is unknown: infinite.
 */
export function stalenessMs(
  samples: readonly { lsn: bigint; at: number }[],
  replayed: bigint,
  now: number,
): { lagMs: number; keepFrom: number } {
  if (!samples.length) return { lagMs: 0, keepFrom: 0 };
  let newest = -1;
  for (let i = samples.length - 1; i >= 0; i--) {
    if (samples[i].lsn <= replayed) {
      newest = i;
      break;
    }
  }
  if (newest === samples.length - 1) return { lagMs: 0, keepFrom: newest };
  if (newest === -1) return { lagMs: Number.POSITIVE_INFINITY, keepFrom: 0 };
  return { lagMs: now - samples[newest].at, keepFrom: newest };
}

export function createReadReplica(primary: Database, options: ReadReplicaOptions): ReadReplica {
  if (primary.kind !== 'postgres') throw new Error('A read replica needs DATABASE_URL (PostgreSQL)');
  const now = options.now ?? Date.now;
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  pool.on('error', () => {});
  const replicaDb = drizzleNodePg(pool, { schema }) as unknown as Db;
  const onReplica = new AsyncLocalStorage<boolean>();
  const samples: { lsn: bigint; at: number }[] = [];
  // Until the first check answers, reads stay on the primary.
  let healthy = false;

  const target = () => (onReplica.getStore() === true && healthy ? 'replica' : 'primary');
  const reads = new Proxy(primary.db, {
    get(_target, prop) {
      const db = target() === 'replica' ? replicaDb : primary.db;
      const value = Reflect.get(db, prop, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });

  async function checkLag() {
    try {
      const at = now();
      const p = await primary.db.execute(sql`select pg_current_wal_lsn()::text as lsn`);
      samples.push({ lsn: lsnToBigInt(rows<{ lsn: string }>(p)[0].lsn), at });
      const r = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const replayed = r.rows[0]?.lsn;
      if (!replayed) throw new Error('not a replica');
      const { lagMs, keepFrom } = stalenessMs(samples, lsnToBigInt(replayed), now());
      samples.splice(0, keepFrom);
      // A replica that never catches up must not keep samples forever.
      if (samples.length > 10_000) samples.splice(0, samples.length - 10_000);
      healthy = lagMs <= options.maxLagMs;
      return { lagMs, healthy };
    } catch {
      healthy = false;
      return { lagMs: Number.POSITIVE_INFINITY, healthy };
    }
  }

  let timer: NodeJS.Timeout | undefined;
  if (options.checkEveryMs > 0) {
    void checkLag();
    timer = setInterval(() => void checkLag(), options.checkEveryMs);
    timer.unref();
  }

  return {
    reads,
    routeReads: (replica, fn) => onReplica.run(replica, fn),
    target,
    checkLag,
    async close() {
      if (timer) clearInterval(timer);
      await pool.end();
    },
  };
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The database with its replica attached: closing it closes both. */
export function attachReadReplica(database: Database, options: ReadReplicaOptions): Database {
  const replica = createReadReplica(database, options);
  return {
    ...database,
    replica,
    async close() {
      await replica.close();
      await database.close();
    },
  };
}
