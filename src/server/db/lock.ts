import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite is one process per data directory, and a second writer loses its writes without an error.
 * Every process that opens DATA_DIR takes this lock first; a lock left by a process that no longer
 * runs (a kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The database in ${dataDir} is in use by ${holder.purpose} (pid ${holder.pid}). ` +
        'Stop that process first (Ctrl+C in its terminal, or kill it), then run this command again.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockInfo {
  pid: number;
  purpose: string;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'yaadcare.lock');
  const info: LockInfo = { pid: process.pid, purpose, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      return {
        release() {
          if (readHolder(file)?.pid === process.pid) unlinkSync(file);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && holder.host === info.host && isAlive(holder.pid)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Stale (its process is gone) or unreadable (a crash mid-write): take it over.
      try {
        unlinkSync(file);
      } catch {}
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
