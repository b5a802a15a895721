import { DrizzleQueryError } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/**
 * A failed query must not carry its parameters into a log: they are password hashes, tokens, e-mail
 * addresses and phone numbers. Drizzle's DrizzleQueryError keeps them in `params` and in its message
 * ("Failed query: … params: …"); PGlite's error (the cause) keeps them in `params` and `queryOptions`;
 * both drivers' `detail` can quote the row ("Failing row contains (…)", "Key (email)=(…) already exists").
 * The SQL text, the SQLSTATE code, the constraint, table and column stay: they are what a reader needs.
 */
const PARAM_FIELDS = ['params', 'queryOptions'] as const;
const QUOTING_FIELDS = ['detail'] as const;

function scrubCause(cause: unknown, depth = 0): void {
  if (!cause || typeof cause !== 'object' || depth > 4) return;
  const e = cause as Record<string, unknown>;
  for (const f of PARAM_FIELDS) if (f in e) delete e[f];
  for (const f of QUOTING_FIELDS) if (typeof e[f] === 'string') e[f] = '[redacted]';
  scrubCause(e.cause, depth + 1);
}

/** Strips the parameters (and row quotes) from a query error in place; returns it. Other errors pass as they are. */
export function scrubQueryError<T>(err: T): T {
  if (err instanceof DrizzleQueryError) {
    const count = Array.isArray(err.params) ? err.params.length : 0;
    err.message = `Failed query: ${err.query}`;
    // The stack starts with the message: rewrite that part too.
    if (err.stack) err.stack = err.stack.replace(/^[\s\S]*?\n\s+at /, `Error: ${err.message}\n    at `);
    err.params = Array.from({ length: count }, () => '[redacted]');
  }
  scrubCause((err as { cause?: unknown } | null)?.cause);
  if (err && typeof err === 'object' && 'query' in err && 'params' in err) scrubCause(err);
  return err;
}

let installed = false;

/**
 * Makes every Drizzle PostgreSQL query (node-postgres and PGlite, in and out of transactions) throw its
 * errors scrubbed, at the one place Drizzle builds them, so that any log of them is clean.
 */
export function scrubQueryErrorsAtSource(): void {
  if (installed) return;
  installed = true;
  type WithCache = { queryWithCache(q: string, p: unknown[], run: () => Promise<unknown>): Promise<unknown> };
  const proto = PgPreparedQuery.prototype as unknown as WithCache;
  const original = proto.queryWithCache;
  if (typeof original !== 'function')
    throw new Error('drizzle-orm changed: PgPreparedQuery.queryWithCache is gone');
  proto.queryWithCache = async function (this: unknown, queryString, params, run) {
    try {
      return await original.call(this, queryString, params, run);
    } catch (err) {
      throw scrubQueryError(err);
    }
  };
}
