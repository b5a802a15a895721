import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db, Tx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { rateLimitRepo } from './repo';

/** At most `max` attempts per window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface Attempt extends Limit {
  key: string;
}

export interface Counted {
  key: string;
  /** This attempt's number in the window (1 for the first). */
  count: number;
  /** True when this attempt is over the limit: refuse it. */
  exceeded: boolean;
  /** Seconds until the window ends (for Retry-After), at least 1. */
  retryAfterSeconds: number;
  ttlMs: number;
}

/**
 * Shared counters in PostgreSQL (ADR 0010): every server instance on the database enforces one limit,
 * and parallel attempts cannot slip past it, because each attempt is counted by one upsert that returns
 * its number. Check `exceeded` BEFORE doing the costly or guarded thing.
 */
export const counters = {
  /** Counts one attempt against each of `attempts` (one statement for all), in their order. */
  async count(tx: Tx, attempts: Attempt[], now: Date): Promise<Counted[]> {
    const rows = await rateLimitRepo.hit(tx, attempts, now);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return attempts.map((a) => {
      const row = byKey.get(a.key);
      if (!row) throw new Error(`rate limit row ${a.key} not returned`);
      const ttlMs = Math.max(0, row.expiresAt.getTime() - now.getTime());
      return {
        key: a.key,
        count: row.count,
        exceeded: row.count > a.max,
        retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
        ttlMs,
      };
    });
  },

  /** Counts one attempt against `attempt`; throws 429 (with Retry-After) with `message` when over. */
  async consume(tx: Tx, attempt: Attempt, now: Date, message: string): Promise<Counted> {
    const [counted] = await counters.count(tx, [attempt], now);
    if (counted.exceeded) throw tooManyRequests(message, counted.retryAfterSeconds);
    return counted;
  },

  /** Gives back one attempt (one that turned out not to count, e.g. a successful login). */
  refund: (tx: Tx, key: string, now: Date) => rateLimitRepo.refund(tx, key, now),
  /** Forgets a key, or every key starting with `key` when `prefix` is set. */
  clear: (tx: Tx, key: string, opts?: { prefix?: boolean }) => rateLimitRepo.clear(tx, key, opts),
  /** Deletes counters whose window has ended. */
  sweep: (tx: Tx, now: Date) => rateLimitRepo.deleteExpired(tx, now),
};

/** The shared counters' upkeep, for the sweep job (built once in services.ts). */
export function createRateLimitService(deps: { db: Db }) {
  return {
    /** Deletes counters whose window has ended; returns how many. */
    sweep: (now: Date) => counters.sweep(deps.db, now),
  };
}

/**
 * A store for @fastify/rate-limit that keeps its counts in the shared table, so `config.rateLimit` on
 * a route and `app.createRateLimit` limit across every instance. Keys: `rl:<METHOD> <url>:<ip>` for a
 * route's limit, `rl:<key>` for a limiter made with createRateLimit (give it a distinct keyGenerator).
 */
export function rateLimitStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its options; children get their key prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      counters.count(db, [{ key: this.prefix + key, max, windowMs: timeWindow }], now()).then(
        ([c]) => cb(null, { current: c.count, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const at = now();
      rateLimitRepo.read(db, this.prefix + key, at).then(
        (row) =>
          cb(
            null,
            row
              ? { current: row.count, ttl: row.expiresAt.getTime() - at.getTime() }
              : { current: 0, ttl: 0 },
          ),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method?: unknown; url?: unknown };
    }) {
      const route = routeOptions.routeInfo ?? {};
      return new PgRateLimitStore(route.url ? `rl:${String(route.method)} ${String(route.url)}:` : 'rl:');
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
