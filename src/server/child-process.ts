import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** A child process that has ended: its exit code (null when a signal ended it) and what it wrote. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Started {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** stdout and stderr so far, in the order they arrived (for a failure message). */
  output(): string;
  /** Settles once the process has exited and its output is read; rejects when it could not start. */
  finished: Promise<Finished>;
}

export interface StartOptions {
  cwd?: string;
  /** Variables added to (or replacing) this process's environment. */
  env?: Record<string, string | undefined>;
}

/**
 * Starts a program with no stdin, collecting its stdout and stderr. The one place the server and its tests
 * spawn children (pg_dump/pg_restore, the server and its CLIs under test). A program that cannot start
 * (ENOENT, EACCES) rejects `finished` with Node's error, whose `code` says why (arguments too long for
 * the system, E2BIG, throw at once).
 */
export function startProcess(cmd: string, args: string[], options: StartOptions = {}): Started {
  const child = spawn(cmd, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let both = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    both += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    both += d;
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': by then both streams have ended, so nothing written last is missed.
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, output: () => both, finished };
}

/** Runs a program to its end: its exit code and output. Rejects, never throws, when it cannot start. */
export async function runProcess(cmd: string, args: string[], options: StartOptions = {}): Promise<Finished> {
  return startProcess(cmd, args, options).finished;
}
