import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';

/** jsonb columns take their value as JSON text. */
type ColumnType = 'text' | 'int' | 'boolean' | 'numeric' | 'timestamptz' | 'date' | 'text[]' | 'jsonb';
type Cell = string | number | boolean | Date | string[] | null;

/** A Postgres array literal: {"a","b \"c\""}. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

function toText(value: Cell): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  return String(value);
}

/**
 * `insert into t (a, b) select c0, c1::int from unnest($1::text[], $2::text[]) … returning …`: one
 * parameter per column instead of one per cell. Every column travels as text[] and is cast in SQL,
 * so node-postgres and PGlite serialise it the same way; building the statement costs next to nothing
 * where Drizzle's per-value insert builder dominated the run time.
 */
export function unnestInsert<R extends string>(
  table: PgTable,
  rows: readonly Record<string, Cell>[],
  columns: readonly (readonly [name: string, type: ColumnType])[],
  returning: readonly R[],
): SQL {
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const selects = sql.join(
    columns.map(([, type], i) => sql.raw(type === 'text' ? `c${i}` : `c${i}::${type}`)),
    sql`, `,
  );
  const params = sql.join(
    columns.map(([name]) => sql`${sql.param(rows.map((r) => toText(r[name])))}::text[]`),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  const ret = sql.join(
    returning.map((r) => sql.identifier(r)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${selects} from unnest(${params}) as t(${aliases}) returning ${ret}`;
}

export async function run<R>(tx: Tx, query: SQL): Promise<R[]> {
  const result = (await tx.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}
