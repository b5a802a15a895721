import type { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** Raw rows from tx.execute on pg and PGlite alike. */
export async function rows<R>(tx: Tx, query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}
