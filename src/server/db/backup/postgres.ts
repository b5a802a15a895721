import { closeSync, openSync, readSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Finished, runProcess } from '../../child-process';
import { BackupError, describeCounts, prepareOutput, type Say, tableRowCounts } from './common';

/**
 * Backup and restore of a PostgreSQL database with pg_dump's custom format (-Fc) and pg_restore, the
 * binaries of Debian's postgresql-client. The password never goes on a command line (where `ps` shows
 * it): it is taken out of the URL and handed to the tools as PGPASSWORD.
 */

export interface PgToolOptions {
  /** Folder holding pg_dump and pg_restore (e.g. /usr/lib/postgresql/16/bin); default: the PATH. */
  binDir?: string;
}

export interface Version {
  major: number;
  text: string;
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15 / "15.20"; also "16beta1", "9.6.24". */
export function parseVersion(text: string): Version | undefined {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:(?:beta|rc|devel)\d*)?/.exec(text);
  if (!m) return undefined;
  const major = Number(m[1]) >= 10 ? Number(m[1]) : Number(`${m[1]}.${m[2] ?? 0}`);
  return { major, text: m[0] };
}

/**
 * What pg_dump's version against the server's means. pg_dump reads servers of its own major version
 * and older ones, never newer: refused with what to install. A newer pg_dump works; its archive then
 * needs a pg_restore at least as new.
 */
export function checkDumpVersions(tool: Version, server: Version): { ok: boolean; message: string } {
  if (tool.major < server.major) {
    return {
      ok: false,
      message:
        `pg_dump is version ${tool.text} but the server runs PostgreSQL ${server.text}: pg_dump cannot back up a ` +
        `newer server. Install the matching client (Debian: apt-get install postgresql-client-${server.major}) ` +
        `and run again, or pass --pg-bin /usr/lib/postgresql/${server.major}/bin.`,
    };
  }
  if (tool.major > server.major) {
    return {
      ok: true,
      message:
        `Note: pg_dump ${tool.text} differs from the server's PostgreSQL ${server.text} (major ${tool.major} vs ` +
        `${server.major}). That works, but restoring this file needs pg_restore ${tool.major} or newer.`,
    };
  }
  return { ok: true, message: `pg_dump ${tool.text}, server PostgreSQL ${server.text}.` };
}

/**
 * What pg_restore's version and the target server's mean for an archive made by pg_dump `dumpedBy`
 * from a server `dumpedFrom`: an older pg_restore than the pg_dump is refused; an older target server
 * than the source is warned about (the SQL may use what it lacks; the restore then rolls back whole).
 */
export function checkRestoreVersions(
  tool: Version,
  target: Version,
  dumpedBy: Version | undefined,
  dumpedFrom: Version | undefined,
): { ok: boolean; messages: string[] } {
  const messages: string[] = [];
  if (dumpedBy && tool.major < dumpedBy.major) {
    return {
      ok: false,
      messages: [
        `This backup was made by pg_dump ${dumpedBy.text}, and pg_restore ${tool.text} is older: install ` +
          `postgresql-client-${dumpedBy.major} or newer, or pass --pg-bin /usr/lib/postgresql/${dumpedBy.major}/bin.`,
      ],
    };
  }
  messages.push(
    `Backup of PostgreSQL ${dumpedFrom?.text ?? '?'} made by pg_dump ${dumpedBy?.text ?? '?'}; ` +
      `pg_restore ${tool.text}; target server PostgreSQL ${target.text}.`,
  );
  if (dumpedFrom && target.major < dumpedFrom.major) {
    messages.push(
      `Warning: the target server (PostgreSQL ${target.major}) is older than the one backed up ` +
        `(${dumpedFrom.major}); if the restore fails on that, nothing is changed (one transaction).`,
    );
  } else if (dumpedFrom && target.major !== dumpedFrom.major) {
    messages.push(
      `Note: restoring PostgreSQL ${dumpedFrom.major} data into PostgreSQL ${target.major} (a major upgrade).`,
    );
  }
  return { ok: true, messages };
}

/**
 * The URL without its password (for the tools' command line) and the password apart; libpq also takes
 * one as a `password` query parameter.
 */
export function splitPassword(url: string): { url: string; password?: string } {
  const u = new URL(url);
  const password = u.password
    ? decodeURIComponent(u.password)
    : (u.searchParams.get('password') ?? undefined);
  if (password === undefined) return { url };
  u.password = '';
  u.searchParams.delete('password');
  return { url: u.toString(), password };
}

function toolPath(name: 'pg_dump' | 'pg_restore', opts: PgToolOptions): string {
  return opts.binDir ? join(opts.binDir, name) : name;
}

/** Runs pg_dump or pg_restore, the password in PGPASSWORD; a missing tool says what to install. */
async function run(cmd: string, args: string[], password?: string): Promise<Finished> {
  try {
    return await runProcess(cmd, args, { env: password === undefined ? {} : { PGPASSWORD: password } });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new BackupError(
      `${cmd} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client), ` +
        'or pass --pg-bin with the folder holding pg_dump and pg_restore.',
    );
  }
}

async function toolVersion(cmd: string): Promise<Version> {
  const r = await run(cmd, ['--version']);
  const v = r.code === 0 ? parseVersion(r.stdout) : undefined;
  if (!v) throw new BackupError(`Could not read the version of ${cmd}: ${(r.stderr || r.stdout).trim()}`);
  return v;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Could not connect to the database: ${(err as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function serverVersion(client: pg.Client): Promise<Version> {
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  const v = parseVersion(rows[0]?.server_version ?? '');
  if (!v) throw new BackupError(`Could not read the server's version (${rows[0]?.server_version}).`);
  return v;
}

const clientQuery =
  (client: pg.Client) =>
  async <R>(text: string) =>
    (await client.query(text)).rows as R[];

export interface PostgresBackupResult {
  file: string;
  bytes: number;
  tool: Version;
  server: Version;
}

/** pg_dump -Fc of the database at `url` into `out` (a new file, mode 0600; written whole or not at all). */
export async function backupPostgres(
  opts: PgToolOptions & { url: string; out: string; say: Say },
): Promise<PostgresBackupResult> {
  const pgDump = toolPath('pg_dump', opts);
  const tool = await toolVersion(pgDump);
  const server = await withClient(opts.url, serverVersion);
  const verdict = checkDumpVersions(tool, server);
  if (!verdict.ok) throw new BackupError(verdict.message);
  opts.say(verdict.message);

  const file = prepareOutput(opts.out);
  const partial = `${file}.partial`;
  // Created here with mode 0600 (it holds password hashes and personal data); pg_dump then writes it.
  closeSync(openSync(partial, 'w', 0o600));
  const target = splitPassword(opts.url);
  const r = await run(
    pgDump,
    ['--format=custom', `--file=${partial}`, `--dbname=${target.url}`],
    target.password,
  );
  if (r.code !== 0) {
    unlinkSync(partial);
    throw new BackupError(`pg_dump failed (exit ${r.code}): ${r.stderr.trim()}`);
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, tool, server };
}

/** Reads the archive header through `pg_restore --list`: who made it, from which server. */
async function archiveHeader(pgRestore: string, file: string) {
  const r = await run(pgRestore, ['--list', file]);
  if (r.code !== 0) {
    throw new BackupError(`pg_restore cannot read ${file}: ${r.stderr.trim()}`);
  }
  const line = (label: string) => {
    const m = new RegExp(`^;\\s*${label}:\\s*(.+)$`, 'm').exec(r.stdout);
    return m?.[1] ? parseVersion(m[1]) : undefined;
  };
  return { dumpedFrom: line('Dumped from database version'), dumpedBy: line('Dumped by pg_dump version') };
}

/**
 * Tables, views and sequences outside PostgreSQL's own schemas, other than an extension's (a managed
 * database may come with pg_stat_statements): anything there makes a target non-empty.
 */
async function userRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
       and not exists (select 1 from pg_depend d
                       where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** True when the file starts like a pg_dump custom-format archive. */
export function isPgDumpArchive(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString('latin1') === 'PGDMP';
  } finally {
    closeSync(fd);
  }
}

export interface PostgresRestoreResult {
  tables: Record<string, number>;
  cleaned: boolean;
}

/**
 * pg_restore of `file` into the database at `url`, in one transaction (a failure changes nothing).
 * Objects are owned by the connecting role (--no-owner, --no-privileges). A target with any table,
 * view or sequence is refused unless `force`: then the backup's objects are dropped first and made
 * again (--clean --if-exists); objects that are not in the backup stay as they are.
 */
export async function restorePostgres(
  opts: PgToolOptions & { url: string; file: string; force: boolean; say: Say },
): Promise<PostgresRestoreResult> {
  const pgRestore = toolPath('pg_restore', opts);
  const tool = await toolVersion(pgRestore);
  const header = await archiveHeader(pgRestore, opts.file);
  const { target, existing } = await withClient(opts.url, async (c) => ({
    target: await serverVersion(c),
    existing: await userRelations(c),
  }));
  const verdict = checkRestoreVersions(tool, target, header.dumpedBy, header.dumpedFrom);
  if (!verdict.ok) throw new BackupError(verdict.messages.join(' '));
  for (const m of verdict.messages) opts.say(m);
  if (existing > 0 && !opts.force) {
    throw new BackupError(
      `The target database is not empty (${existing} tables, views or sequences). Restore into a new, empty ` +
        'database (createdb …), or pass --force to drop and re-create the objects the backup holds ' +
        '(pg_restore --clean --if-exists); anything else in the database is left as it is.',
    );
  }
  const cleaned = existing > 0;
  if (cleaned) opts.say(`--force: replacing the backup's objects in a database with ${existing} objects.`);
  const dest = splitPassword(opts.url);
  const args = [
    `--dbname=${dest.url}`,
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    ...(cleaned ? ['--clean', '--if-exists'] : []),
    opts.file,
  ];
  const r = await run(pgRestore, args, dest.password);
  if (r.code !== 0) {
    throw new BackupError(
      `pg_restore failed (exit ${r.code}); the target database was not changed: ${r.stderr.trim()}`,
    );
  }
  const tables = await withClient(opts.url, (c) => tableRowCounts(clientQuery(c)));
  opts.say(`Restored ${describeCounts(tables)}.`);
  return { tables, cleaned };
}
