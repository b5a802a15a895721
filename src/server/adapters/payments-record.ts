import { AsyncResource } from 'node:async_hooks';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { type ProviderOperationKind, sandboxProviderOperations } from '../db/schema';

/** One money operation as the provider recorded it (ADR 0041). */
export interface ProviderOperation {
  kind: ProviderOperationKind;
  /** The hold it concerns; null for a refused authorization. */
  providerRef: string | null;
  amountCents: number;
  idempotencyKey: string;
  /** An authorization that held money, a resize made; false: refused. */
  ok: boolean;
  at: Date;
}

/** What the sandbox stores: the operation and, for an authorization, its answer (replayed by key). */
export interface StoredOperation extends ProviderOperation {
  outcome?: unknown;
}

export interface OperationRange {
  since?: Date;
  until?: Date;
}

/**
 * Where the sandbox keeps what it did. `claim` writes an operation under its idempotency key unless the
 * key was used, and answers the operation stored under it: the first one wins, through any instance.
 */
export interface OperationRecord {
  claim(op: StoredOperation): Promise<{ first: StoredOperation; fresh: boolean }>;
  ofKey(key: string): Promise<StoredOperation | undefined>;
  ofRef(ref: string): Promise<StoredOperation[]>;
  list(range: OperationRange): Promise<StoredOperation[]>;
  /** Reads what an earlier process wrote (PGlite: before the first call). */
  load(): Promise<void>;
}

const inRange = (at: Date, r: OperationRange) => (!r.since || at >= r.since) && (!r.until || at < r.until);

/** In this process only (a provider built without a database: unit tests). */
export function memoryRecord(): OperationRecord & { remember(op: StoredOperation): void } {
  const byKey = new Map<string, StoredOperation>();
  const byRef = new Map<string, StoredOperation[]>();
  const all: StoredOperation[] = [];
  const remember = (op: StoredOperation) => {
    if (byKey.has(op.idempotencyKey)) return;
    byKey.set(op.idempotencyKey, op);
    all.push(op);
    if (op.providerRef) byRef.set(op.providerRef, [...(byRef.get(op.providerRef) ?? []), op]);
  };
  return {
    remember,
    async claim(op) {
      const first = byKey.get(op.idempotencyKey);
      if (first) return { first, fresh: false };
      remember(op);
      return { first: op, fresh: true };
    },
    async ofKey(key) {
      return byKey.get(key);
    },
    async ofRef(ref) {
      return byRef.get(ref) ?? [];
    },
    async list(range) {
      return all.filter((op) => inRange(op.at, range));
    },
    async load() {},
  };
}

type Row = typeof sandboxProviderOperations.$inferSelect;
const fromRow = (r: Row): StoredOperation => ({
  kind: r.kind,
  providerRef: r.providerRef,
  amountCents: r.amountCents,
  idempotencyKey: r.idempotencyKey,
  ok: r.ok,
  at: r.at,
  outcome: r.outcome ?? undefined,
});
const toRow = (op: StoredOperation) => ({
  kind: op.kind,
  providerRef: op.providerRef,
  amountCents: op.amountCents,
  idempotencyKey: op.idempotencyKey,
  ok: op.ok,
  at: op.at,
  outcome: op.outcome ?? null,
});

async function selectRange(db: Db, range: OperationRange) {
  const t = sandboxProviderOperations;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(range.since ? gte(t.at, range.since) : undefined, range.until ? lt(t.at, range.until) : undefined),
    )
    .orderBy(asc(t.id));
  return rows.map(fromRow);
}

/**
 * PostgreSQL: every claim is one INSERT … ON CONFLICT DO NOTHING on the unique key, on the database's
 * detached pool (the provider is an outside party: its writes never join, nor wait for, our transaction).
 * Two instances claiming one key at once: one row, both answer it.
 */
export function postgresRecord(db: Db): OperationRecord {
  const t = sandboxProviderOperations;
  return {
    async claim(op) {
      const [row] = await db.insert(t).values(toRow(op)).onConflictDoNothing().returning();
      if (row) return { first: fromRow(row), fresh: true };
      const [first] = await db.select().from(t).where(eq(t.idempotencyKey, op.idempotencyKey));
      if (!first) throw new Error('sandbox provider: a claimed key has no row');
      return { first: fromRow(first), fresh: false };
    },
    async ofKey(key) {
      const [row] = await db.select().from(t).where(eq(t.idempotencyKey, key));
      return row ? fromRow(row) : undefined;
    },
    async ofRef(ref) {
      return (await db.select().from(t).where(eq(t.providerRef, ref)).orderBy(asc(t.id))).map(fromRow);
    },
    list: (range) => selectRange(db, range),
    async load() {},
  };
}

/**
 * PGlite: one process owns the data directory, so this process's memory decides (loaded from the table at
 * start, so a restart answers a key's first result) and every operation is written behind it. The write is
 * queued outside the caller's async context: the provider is called inside our transactions, and on the one
 * connection a query of ours would wait for that transaction, which waits for the provider. It runs as soon
 * as the transaction ends; `list` waits for what is queued.
 */
export function pgliteRecord(db: Db): OperationRecord {
  const memory = memoryRecord();
  // Bound now (when the app is built, outside any transaction): runs `fn` in that context.
  const outside = AsyncResource.bind(<T>(fn: () => Promise<T>) => fn());
  let pending: Promise<unknown> = Promise.resolve();
  const t = sandboxProviderOperations;
  return {
    async claim(op) {
      const claimed = await memory.claim(op);
      if (claimed.fresh) {
        pending = pending
          // execute() starts the query inside `outside` (a query builder alone runs where it is awaited).
          .then(() => outside(() => db.insert(t).values(toRow(op)).onConflictDoNothing().execute()))
          .catch(() => undefined);
      }
      return claimed;
    },
    ofKey: (key) => memory.ofKey(key),
    ofRef: (ref) => memory.ofRef(ref),
    async list(range) {
      await pending;
      return selectRange(db, range);
    },
    async load() {
      for (const op of await selectRange(db, {})) memory.remember(op);
    },
  };
}

/** The record for the app's database: PostgreSQL's table, PGlite's table behind memory, or memory. */
export function recordFor(database?: Pick<Database, 'kind' | 'db' | 'detached'>): OperationRecord {
  if (!database) return memoryRecord();
  if (database.kind === 'postgres') return postgresRecord(database.detached?.() ?? database.db);
  return pgliteRecord(database.db);
}

/**
 * Writes operations into the sandbox's record as the sandbox would have (demo data: payments seeded as if
 * paid through it, so the provider's record and ours agree). Keys already there are left as they are.
 */
export async function writeSandboxOperations(tx: Pick<Db, 'insert'>, ops: StoredOperation[]): Promise<void> {
  for (let i = 0; i < ops.length; i += 500) {
    await tx
      .insert(sandboxProviderOperations)
      .values(ops.slice(i, i + 500).map(toRow))
      .onConflictDoNothing();
  }
}
