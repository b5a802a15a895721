import { realpathSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { BackupError } from '../db/backup/common';
import { DataDirLockedError } from '../db/lock';
import { EnvError } from '../env';
import { AppError } from '../errors';

/** Where a command writes: stdout for progress and results, stderr for refusals and failures. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Exit codes every command shares: 1 refused or failed, 2 bad arguments or environment (nothing was tried). */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Node's system errors: ECONNREFUSED, ENOENT, EACCES, ENOSPC… (not ERR_*, which are wrong calls). */
const SYSTEM_ERROR = /^E[A-Z0-9]+$/;
/** PostgreSQL refusing us rather than our SQL being wrong: connection (08), login (28), no such database
 * (3D000), out of resources (53), shutting down or starting up (57P0x). */
const DATABASE_REFUSAL = /^(08|28|3D|53|57P0)/;

/**
 * A command's arguments by node's parseArgs (`config`; strict, its default), or the exit code that ends
 * the run: a bad argument, or one `check` refuses, prints its message and the usage (EXIT_USAGE); --help
 * prints the usage (0). `config.options` must have `help`.
 */
export function parseCliArgs<T extends ParseArgsConfig & { options: { help: { type: 'boolean' } } }>(
  config: T,
  usage: string,
  io: CliIo,
  check: (parsed: ReturnType<typeof parseArgs<T>>) => void = () => {},
): ReturnType<typeof parseArgs<T>> | number {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
    if (!(parsed.values as { help?: boolean }).help) check(parsed);
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
    return EXIT_USAGE;
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.out(usage);
    return 0;
  }
  return parsed;
}

/**
 * A failure the operator can act on, whose message says what to do: a refusal of ours (AppError,
 * BackupError), a database held by another process, a bad environment, or the machine or database saying no.
 * Anything else is a bug.
 */
export function isExpectedFailure(err: unknown): err is Error {
  if (
    err instanceof AppError ||
    err instanceof BackupError ||
    err instanceof DataDirLockedError ||
    err instanceof EnvError
  ) {
    return true;
  }
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (SYSTEM_ERROR.test(code) || DATABASE_REFUSAL.test(code));
}

/**
 * Says why a command failed and returns its exit code: an expected failure as `<what>: <message>` (plus
 * `lockedHint` when the database is held by another process), a bug with its stack. A bad environment
 * exits 2, anything else 1.
 */
export function reportFailure(
  err: unknown,
  io: CliIo,
  what: string,
  options: { lockedHint?: string } = {},
): number {
  if (!isExpectedFailure(err)) {
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    io.err(`${what} (a bug: please report it with what follows):\n${detail}`);
    return EXIT_FAILED;
  }
  const hint = err instanceof DataDirLockedError && options.lockedHint ? ` ${options.lockedHint}` : '';
  io.err(`${what}: ${err.message}${hint}`);
  return err instanceof EnvError ? EXIT_USAGE : EXIT_FAILED;
}

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with (tsx today, the
 * compiled dist/ build later), and not when a test imports it; its result is the exit code, and a failure
 * it did not handle is reported as `<script> failed`.
 */
export function runIfMain(moduleUrl: string, main: () => Promise<number>): void {
  const script = process.argv[1];
  if (!script) return;
  const file = fileURLToPath(moduleUrl);
  let same = false;
  try {
    same = realpathSync(script) === realpathSync(file);
  } catch {}
  if (!same) return;
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.exitCode = reportFailure(err, processIo, `${basename(file, extname(file))} failed`);
    },
  );
}
