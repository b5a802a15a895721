import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { WROTE_COOKIE } from '../plugins/read-your-writes';
import { openTestDatabase, testEnv } from '../test/harness';
import { signedInCaregiver } from '../test/sign-in';
import type { Database } from './client';
import { attachReadReplica, lsnToBigInt, stalenessMs } from './replica';

describe('the replica lag rule', () => {
  it('reads WAL positions as numbers of bytes', () => {
    expect(lsnToBigInt('0/0')).toBe(0n);
    expect(lsnToBigInt('0/16B3748')).toBe(0x16b3748n);
    expect(lsnToBigInt('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('is up to date when the newest sample is replayed, and as stale as the newest replayed sample is old', () => {
    const samples = [
      { lsn: 100n, at: 1_000 },
      { lsn: 200n, at: 2_000 },
      { lsn: 300n, at: 3_000 },
    ];
    expect(stalenessMs(samples, 300n, 5_000).lagMs).toBe(0);
    expect(stalenessMs(samples, 250n, 5_000)).toEqual({ lagMs: 3_000, keepFrom: 1 });
    // Nothing replayed yet: how far behind it is, nobody knows.
    expect(stalenessMs(samples, 50n, 5_000)).toEqual({ lagMs: Number.POSITIVE_INFINITY, keepFrom: 0 });
    expect(stalenessMs([], 0n, 5_000).lagMs).toBe(0);
  });

  it('never calls a replica fresher than the first sample it has not replayed (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 20 }),
        fc.nat(1_000_000),
        (lsns, replayed) => {
          const sorted = [...lsns].sort((a, b) => a - b);
          const samples = sorted.map((l, i) => ({ lsn: BigInt(l), at: i * 100 }));
          const now = sorted.length * 100;
          const { lagMs } = stalenessMs(samples, BigInt(replayed), now);
          // What was written after the newest replayed sample may be missing: the lag is at least the age of
          // the first sample the replica has not replayed, and 0 only when it replayed them all.
          const firstMissing = samples.find((s) => s.lsn > BigInt(replayed));
          if (!firstMissing) expect(lagMs).toBe(0);
          else expect(lagMs).toBeGreaterThanOrEqual(now - firstMissing.at);
        },
      ),
    );
  });
});

/**
 * On a real streaming replica (scripts/start-replica.sh; CI starts one and sets TEST_REPLICA_URL). Replay is
 * paused on the replica to make "the replica has not seen this write yet" certain instead of likely.
 */
const replicaAdminUrl = process.env.TEST_REPLICA_URL;
describe.skipIf(!replicaAdminUrl && !process.env.CI)('public reads on a PostgreSQL replica', () => {
  let clock = Date.now();
  let database: Database & { url?: string };
  let app: FastifyInstance;
  let replicaAdmin: pg.Client;

  beforeAll(async () => {
    // CI must run this, never skip it quietly.
    if (!replicaAdminUrl)
      throw new Error('TEST_REPLICA_URL is not set: start one with scripts/start-replica.sh');
    const primary = await openTestDatabase('postgres');
    const name = new URL(primary.url!).pathname.slice(1);
    const replicaUrl = new URL(replicaAdminUrl);
    replicaUrl.pathname = `/${name}`;
    replicaAdmin = new pg.Client({ connectionString: replicaAdminUrl });
    await replicaAdmin.connect();
    // The new database reaches the replica through the WAL.
    for (let i = 0; ; i++) {
      const r = await replicaAdmin.query('select 1 from pg_database where datname = $1', [name]);
      if (r.rowCount) break;
      if (i > 200) throw new Error('the database did not reach the replica');
      await new Promise((ok) => setTimeout(ok, 50));
    }
    database = attachReadReplica(primary, {
      url: replicaUrl.toString(),
      maxLagMs: 1_000,
      checkEveryMs: 0,
      now: () => clock,
    });
    app = await buildApp({
      env: testEnv({ replica: { url: replicaUrl.toString(), maxLagMs: 1_000, readYourWritesMs: 10_000 } }),
      database,
      logger: false,
      now: () => new Date(clock),
    });
    await app.ready();
  });

  afterAll(async () => {
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => {});
    await replicaAdmin?.end();
    await app?.close();
  });

  async function caughtUp() {
    for (let i = 0; ; i++) {
      if ((await database.replica!.checkLag()).lagMs === 0) return;
      if (i > 200) throw new Error('the replica did not catch up');
      await new Promise((ok) => setTimeout(ok, 50));
    }
  }
  const bioFor = async (id: number, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/caregivers/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().bio as string;
  };

  /** The caregiver edits their bio through the API: a write that marks them as a writer. */
  const editBio = async (headers: Record<string, string>, bio: string) => {
    const res = await app.inject({ method: 'PATCH', url: '/api/caregivers/me', headers, payload: { bio } });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('serves visitors from the replica, the writer from the primary, and falls back when the replica lags', async () => {
    const cg = await signedInCaregiver(database.db, {
      bio: 'Before: ten years with toddlers in Kingston.',
      isActive: true,
    });
    await caughtUp();
    expect(await bioFor(cg.caregiver.id)).toMatch(/^Before/);

    await replicaAdmin.query('select pg_wal_replay_pause()');
    const write = await editBio(cg.headers, 'After: now also first aid certified by the Red Cross.');
    const cookie = write.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(cookie?.value).toBe(String(clock));

    // The replica answers the last check within the allowed lag: a visitor reads it, and it has not seen the write.
    expect((await database.replica!.checkLag()).healthy).toBe(true);
    expect(await bioFor(cg.caregiver.id)).toMatch(/^Before/);
    const slots = await app.inject({ method: 'GET', url: `/api/caregivers/${cg.caregiver.id}/free-slots` });
    expect(slots.statusCode).toBe(200);
    // The writer reads their own write: by their session (an API client) and by the cookie (a browser).
    expect(await bioFor(cg.caregiver.id, cg.headers)).toMatch(/^After/);
    expect(await bioFor(cg.caregiver.id, { cookie: `${WROTE_COOKIE}=${cookie!.value}` })).toMatch(/^After/);

    // Two seconds on, the paused replica is past the 1-second rule: everyone reads the primary.
    clock += 2_000;
    expect(await database.replica!.checkLag()).toMatchObject({ healthy: false });
    expect(database.replica!.target()).toBe('primary');
    expect(await bioFor(cg.caregiver.id)).toMatch(/^After/);

    await replicaAdmin.query('select pg_wal_replay_resume()');
    await caughtUp();
    expect(await bioFor(cg.caregiver.id)).toMatch(/^After/);
  });

  /**
   * A change the (paused) replica cannot have seen, made outside the API so that it marks nobody as a
   * writer; the replica is still within the lag rule (the clock has not moved).
   */
  async function behindTheReplica(caregiverId: number, bio: string) {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    await database.db.execute(sql`update caregivers set bio = ${bio} where id = ${caregiverId}`);
    expect((await database.replica!.checkLag()).healthy).toBe(true);
  }

  it('sends the writer back to the replica once the read-your-writes window has passed', async () => {
    const cg = await signedInCaregiver(database.db, {
      bio: 'One: nights and weekends in Montego Bay.',
      isActive: true,
    });
    await editBio(cg.headers, 'Two: weekdays too, from December on.');
    await caughtUp();
    await behindTheReplica(cg.caregiver.id, 'Three: written while the replica was paused.');
    // Within the window the writer still reads the primary…
    expect(await bioFor(cg.caregiver.id, cg.headers)).toMatch(/^Three/);
    // …after it, the replica, like everyone else.
    clock += 10_001;
    await replicaAdmin.query('select pg_wal_replay_resume()');
    await caughtUp();
    await behindTheReplica(cg.caregiver.id, 'Four: not yet on the replica.');
    expect(await bioFor(cg.caregiver.id, cg.headers)).toMatch(/^Three/);
    await replicaAdmin.query('select pg_wal_replay_resume()');
  });
});
