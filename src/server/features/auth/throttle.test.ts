import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sweepRateLimitsJob } from '../../core/rate-limits/jobs';
import { hashToken } from '../../core/tokens';
import { type Database, openDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { errorBody } from '../../test/error-body';
import { bearer, createUser, DEFAULT_PASSWORD, loginToken } from '../../test/factories';
import { DB_KINDS, type DbKind, openTestDatabase, testEnv, useTestApp } from '../../test/harness';
import { createPasswordHasher, hashPassword } from './passwords';
import { userRepo } from './repo';
import { INVALID_CREDENTIALS } from './service';
import {
  ACCOUNT_LOCKED,
  ADDRESS_LOCKED,
  LOCK_MS,
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from './throttle';

const login = (app: FastifyInstance, from: string, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    payload: { email, password },
  });

/** Status codes of `n` wrong guesses sent one after another. */
async function guesses(app: FastifyInstance, from: string, email: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await login(app, from, email, `wrong-guess-${i}`)).statusCode);
  return statuses;
}

const tally = (statuses: number[]) => ({
  401: statuses.filter((s) => s === 401).length,
  429: statuses.filter((s) => s === 429).length,
  other: statuses.filter((s) => s !== 401 && s !== 429),
});

describe('the decoy hash', () => {
  it('is an argon2id hash with the same parameters as every password hash (a full verify, same cost)', async () => {
    const params = (h: string) => h.split('$').slice(0, 4).join('$');
    const { decoyHash } = createPasswordHasher({ concurrency: 1 });
    expect(params(await decoyHash())).toBe(params(await hashPassword('any-password-at-all')));
    expect(params(await decoyHash())).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1$/);
  });
});

describe.each(DB_KINDS)('login throttling on %s', (kind) => {
  const t = useTestApp(kind);

  it('locks a (e-mail, address) pair after the limit, not the account: the owner signs in from elsewhere', async () => {
    const admin = await createUser(t.database.db, { email: 'target-admin@example.test', userType: 'admin' });
    const statuses = await guesses(t.app, '127.0.0.2', admin.email, MAX_FAILED_LOGINS + 1);
    expect(statuses.slice(0, MAX_FAILED_LOGINS).every((s) => s === 401)).toBe(true);
    const locked = await login(t.app, '127.0.0.2', admin.email, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(errorBody(locked, 'LOGIN_THROTTLED', ACCOUNT_LOCKED));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(LOCK_MS / 1000);
    // The owner, from another address, is not stopped by the stranger's guesses.
    expect((await login(t.app, '127.0.0.3', admin.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('counts and limits an unknown e-mail exactly like a known one (no enumeration through 429)', async () => {
    const known = await createUser(t.database.db, { email: 'known-one@example.test' });
    const knownStatuses = await guesses(t.app, '127.0.0.4', known.email, MAX_FAILED_LOGINS + 2);
    const unknownStatuses = await guesses(
      t.app,
      '127.0.0.4',
      'nobody-here@example.test',
      MAX_FAILED_LOGINS + 2,
    );
    expect(unknownStatuses).toEqual(knownStatuses);
    expect(unknownStatuses.at(-1)).toBe(429);
    const unknownLocked = await login(t.app, '127.0.0.4', 'NOBODY-here@example.test', 'wrong-again-x');
    expect(unknownLocked.json()).toEqual(errorBody(unknownLocked, 'LOGIN_THROTTLED', ACCOUNT_LOCKED));
    expect(unknownLocked.headers['retry-after']).toBeDefined();
  });

  it('limits one address across e-mails, and only that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILED_LOGINS_PER_ADDRESS; i++)
      statuses.push((await login(t.app, '127.0.0.5', `spray${i}@example.test`, 'Summer2026!')).statusCode);
    expect(statuses.slice(0, MAX_FAILED_LOGINS_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    const last = await login(t.app, '127.0.0.5', 'spray-last@example.test', 'Summer2026!');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(errorBody(last, 'LOGIN_THROTTLED', ADDRESS_LOCKED));
    expect(last.headers['retry-after']).toBeDefined();
    const other = await createUser(t.database.db, { email: 'elsewhere@example.test' });
    expect((await login(t.app, '127.0.0.6', other.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('lets at most the limit through when the guesses arrive in parallel (the database counts)', async () => {
    const victim = await createUser(t.database.db, { email: 'parallel@example.test' });
    const statuses = (
      await Promise.all(
        Array.from({ length: MAX_FAILED_LOGINS + 10 }, (_, i) =>
          login(t.app, '127.0.0.7', victim.email, `parallel-guess-${i}`),
        ),
      )
    ).map((r) => r.statusCode);
    expect(tally(statuses)).toEqual({ 401: MAX_FAILED_LOGINS, 429: 10, other: [] });
  });

  it('lets at most the per-address limit through in parallel across e-mails', async () => {
    const statuses = (
      await Promise.all(
        Array.from({ length: MAX_FAILED_LOGINS_PER_ADDRESS + 10 }, (_, i) =>
          login(t.app, '127.0.0.8', `parallel-spray${i}@example.test`, 'Summer2026!'),
        ),
      )
    ).map((r) => r.statusCode);
    expect(tally(statuses)).toEqual({ 401: MAX_FAILED_LOGINS_PER_ADDRESS, 429: 10, other: [] });
  });

  it('starts a pair again after a right password, and a password reset unlocks every address', async () => {
    const u = await createUser(t.database.db, { email: 'forgetful@example.test' });
    await guesses(t.app, '127.0.0.9', u.email, MAX_FAILED_LOGINS - 1);
    expect((await login(t.app, '127.0.0.9', u.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const again = await guesses(t.app, '127.0.0.9', u.email, MAX_FAILED_LOGINS + 1);
    expect(tally(again)).toEqual({ 401: MAX_FAILED_LOGINS, 429: 1, other: [] });

    await userRepo.setResetToken(
      t.database.db,
      u.id,
      hashToken('reset-token-for-throttle-test'),
      new Date(Date.now() + 60_000),
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '127.0.0.10',
      payload: {
        token: 'reset-token-for-throttle-test',
        newPassword: 'Brand-New-Password-9',
        confirmPassword: 'Brand-New-Password-9',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, '127.0.0.9', u.email, 'Brand-New-Password-9')).statusCode).toBe(200);
  });

  it('keeps the right answers: a wrong password is still 401 with the same message', async () => {
    const u = await createUser(t.database.db, { email: 'plain@example.test' });
    const res = await login(t.app, '127.0.0.11', u.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(errorBody(res, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS));
  });
});

describe.each(DB_KINDS)('throttle windows on a clock the test controls (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let clock = new Date('2026-11-23T15:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ env: testEnv(), database, logger: false, now: () => clock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  it('counts down Retry-After, unlocks when the window ends, and the sweep deletes ended windows', async () => {
    const u = await createUser(database.db, { email: 'clocked@example.test' });
    await guesses(app, '127.0.1.1', u.email, MAX_FAILED_LOGINS);
    const first = await login(app, '127.0.1.1', u.email, DEFAULT_PASSWORD);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe(String(LOCK_MS / 1000));

    advance(5 * 60_000);
    const later = await login(app, '127.0.1.1', u.email, DEFAULT_PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe(String(LOCK_MS / 1000 - 300));

    const live = async () => (await database.db.select({ n: count() }).from(rateLimits))[0].n;
    expect(await runJob(app, sweepRateLimitsJob, clock)).toEqual({ ran: true, result: undefined });
    expect(await live()).toBeGreaterThan(0);

    advance(LOCK_MS - 5 * 60_000);
    expect((await login(app, '127.0.1.1', u.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // The address counter of that window is still there until the sweep; the pair was cleared by the login.
    await guesses(app, '127.0.1.2', 'someone-else@example.test', 1);
    advance(LOCK_MS);
    const swept = await runJob(app, sweepRateLimitsJob, clock);
    expect(swept.ran).toBe(true);
    expect((swept.result as { deleted: number }).deleted).toBeGreaterThan(0);
    expect(await live()).toBe(0);
  });

  it('counts the per-user message limit in one-minute windows of the same clock', async () => {
    const family = await createUser(database.db, { userType: 'family' });
    const caregiver = await createUser(database.db, { userType: 'caregiver' });
    const h = bearer(await loginToken(app, family.email));
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: h,
        payload: { receiverId: caregiver.id, content: 'hello' },
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    advance(45_000);
    expect((await send()).headers['retry-after']).toBe('15');
    advance(15_000);
    expect((await send()).statusCode).toBe(201);
  });
});

describe.each(DB_KINDS)('per-user message limit on %s', (kind) => {
  const t = useTestApp(kind);

  it('lets exactly 30 of 40 parallel sends through, and answers the rest 429 with Retry-After', async () => {
    const family = await createUser(t.database.db, { userType: 'family' });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver' });
    const h = bearer(await loginToken(t.app, family.email));
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: h,
          payload: { receiverId: caregiver.id, content: `parallel ${i}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(/30 messages a minute/);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

/**
 * Two server instances on one database: PostgreSQL with a connection pool each (what a deployment runs),
 * or, on PGlite, two apps on the one embedded database: either way no count lives in an app's memory.
 */
async function twoInstances(kind: DbKind, envOverrides: Parameters<typeof testEnv>[0] = {}) {
  const first = await openTestDatabase(kind);
  const second: Database =
    kind === 'postgres' && first.url
      ? await openDatabase({ kind: 'postgres', url: first.url, poolSize: 5 })
      : { ...first, close: async () => {} };
  const a = await buildApp({ env: testEnv(envOverrides), database: first, logger: false });
  const b = await buildApp({ env: testEnv(envOverrides), database: second, logger: false });
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    db: first.db,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

describe.each(DB_KINDS)('two instances on one %s database', (kind) => {
  it('enforce one login limit: guesses split across both instances hit it once', async () => {
    const both = await twoInstances(kind);
    try {
      const u = await createUser(both.db, { email: 'two-instances@example.test' });
      const statuses: number[] = [];
      for (let i = 0; i < MAX_FAILED_LOGINS + 2; i++) {
        const app = i % 2 === 0 ? both.a : both.b;
        statuses.push((await login(app, '127.0.2.1', u.email, `split-guess-${i}`)).statusCode);
      }
      expect(tally(statuses)).toEqual({ 401: MAX_FAILED_LOGINS, 429: 2, other: [] });
      expect((await login(both.a, '127.0.2.1', u.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
      expect((await login(both.b, '127.0.2.1', u.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
      expect((await login(both.b, '127.0.2.2', u.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    } finally {
      await both.close();
    }
  });

  it('enforce one per-IP limit on the auth routes (@fastify/rate-limit on the shared store)', async () => {
    const both = await twoInstances(kind, { authRateLimitPerMinute: 4 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? both.a : both.b;
        const res = await login(app, '127.0.2.3', `ip-limit${i}@example.test`, 'whatever-pass');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().message).toMatch(/Too many requests/);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Another address is not affected; forgot-password has its own per-route count.
      expect((await login(both.b, '127.0.2.4', 'ip-limit-x@example.test', 'whatever-pass')).statusCode).toBe(
        401,
      );
      const rows = await both.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'rl:POST /api/auth/login:127.0.2.3'));
      expect(rows[0]?.count).toBe(6);
    } finally {
      await both.close();
    }
  });

  it('enforce one per-address forgot-password limit', async () => {
    const both = await twoInstances(kind);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const app = i % 2 === 0 ? both.a : both.b;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: `127.0.3.${i + 1}`,
          payload: { email: i % 3 === 0 ? 'Forgot-Twice@example.test' : 'forgot-twice@example.test' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await both.close();
    }
  });
});
