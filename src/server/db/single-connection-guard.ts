import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/** The error a read beside its own open transaction gets on the embedded database. */
export const OUTSIDE_OPEN_TRANSACTION =
  'A query on the database handle inside an open transaction would wait for that transaction forever on the ' +
  'embedded database (one connection): run it through the transaction handle, or before the transaction';

/**
 * PGlite has one connection: a transaction holds it until it ends, and any other query waits for it. Code
 * that, inside a transaction, awaits a query sent through the database handle instead of the transaction's
 * (a helper that takes the database, a plan gate) therefore waits for itself: the request never answers and
 * every later query queues behind it, so the whole server stops. PostgreSQL hides the mistake (the pool
 * lends another connection). This guard turns that hang into an immediate error on PGlite, so tests on the
 * embedded database (every feature's) fail at once: a query sent through the database handle from the async
 * context of a transaction that is still open throws `OUTSIDE_OPEN_TRANSACTION`. Queries from other
 * requests or jobs (other async contexts) wait their turn as before, and so does work a transaction started
 * that runs after it ended.
 */
export function guardSingleConnection(client: PGlite): void {
  const open = new AsyncLocalStorage<{ open: boolean }>();
  const refuseInsideOpenTransaction = () => {
    if (open.getStore()?.open) throw new Error(OUTSIDE_OPEN_TRANSACTION);
  };
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuseInsideOpenTransaction();
    return query.apply(client, args);
  }) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => {
    refuseInsideOpenTransaction();
    return exec.apply(client, args);
  }) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => {
    refuseInsideOpenTransaction();
    return transaction.call(client, async (tx) => {
      const mark = { open: true };
      try {
        return await open.run(mark, () => callback(tx));
      } finally {
        mark.open = false;
      }
    });
  }) as PGlite['transaction'];
}
