import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * A refusal or failure the operator can act on: its message is printed as it is (no stack), and the
 * command exits 1. Messages never hold a password.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where progress notes go (the CLIs print them; tests collect them). */
export type Say = (line: string) => void;

export type BackupKind = 'postgres' | 'embedded';

const EXTENSION: Record<BackupKind, string> = { postgres: '.dump', embedded: '.tar.gz' };

/** 2026-11-24T05:26:00.123Z → 20261124T052600Z: sortable, and safe in any file system. */
export function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** backups/yaadcare-<UTC time>.dump (PostgreSQL) or .tar.gz (embedded), under `cwd`. */
export function defaultBackupPath(kind: BackupKind, now: Date, cwd = process.cwd()): string {
  return join(resolve(cwd), 'backups', `yaadcare-${utcStamp(now)}${EXTENSION[kind]}`);
}

/**
 * Checks that `out` may be written: never over an existing file (a backup is not replaced by
 * accident); its folder is made, readable by the owner only, when missing.
 */
export function prepareOutput(out: string): string {
  const file = resolve(out);
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another --out.`);
  const dir = dirname(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return file;
}

/**
 * The user tables of a database and their row counts, given a way to run a query: the embedded backup
 * writes them into its manifest and its restore checks them. Every schema but PostgreSQL's own
 * (public and drizzle's migration journal).
 */
export async function tableRowCounts(
  query: <R>(text: string) => Promise<R[]>,
): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const ident = `"${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
    const [row] = await query<{ n: number | string }>(`select count(*) as n from ${ident}`);
    counts[`${t.schema}.${t.name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** "3 tables, 1,240 rows" for a summary line. */
export function describeCounts(counts: Record<string, number>): string {
  const tables = Object.keys(counts).length;
  const rows = Object.values(counts).reduce((s, n) => s + n, 0);
  return `${tables} tables, ${rows.toLocaleString('en-US')} rows`;
}
