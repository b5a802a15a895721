import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from '../../db/client';

/** The rows of a statement run through Drizzle. */
export async function rows<R>(tx: Tx, query: SQL): Promise<R[]> {
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}

const dialect = new PgDialect();
/** Each connection keeps every statement it prepared: past this many kinds of search, plan afresh. */
const MAX_PREPARED = 200;
const prepared = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = prepared.get(text);
  if (!name && prepared.size < MAX_PREPARED) {
    name = `yc_search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    prepared.set(text, name);
  }
  return name;
}

/**
 * Runs a query straight on node-postgres's pool when there is one (PostgreSQL), else through Drizzle
 * (PGlite). `prepare`: as a named prepared statement, which node-postgres prepares once per connection.
 * Planning a search costs about as much as running it (measured: 2.4k vs 1.5k statements a second), and
 * each filter combination is one SQL text, so a name per text lets the server keep the plan. Only for
 * statements whose generic plan is as good as a custom one: see `searchRepo.search`.
 */
export async function runQuery<R>(tx: Tx, query: SQL, prepare: boolean): Promise<R[]> {
  const pool = poolOf(tx);
  if (!pool) return rows<R>(tx, query);
  const { text, params } = toStatement(query);
  const name = prepare ? statementName(text) : undefined;
  return (await pool.query<R & pg.QueryResultRow>({ name, text, values: params })).rows;
}

/** node-postgres's pool behind a transaction handle (PostgreSQL), or undefined (PGlite). */
export function poolOf(tx: Tx): pg.Pool | undefined {
  const client = (tx as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** A statement as node-postgres takes it: Drizzle's SQL flattened to text and parameters. */
export function toStatement(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}
