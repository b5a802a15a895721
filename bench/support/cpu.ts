import { readdirSync, readFileSync } from 'node:fs';

// What other processes cost the machine during a measurement (it is shared): Linux /proc only.

const TICK_MS = 10; // a jiffy (USER_HZ = 100)

/** User + system CPU time (ms) of a process from /proc, or undefined. */
export function processCpuMs(pid: number | string | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** PostgreSQL backends serving `database` (their command line names it). */
function backendPids(database: string): string[] {
  const pids: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) pids.push(pid);
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

export interface CpuSnapshot {
  machine: number;
  ours: number;
  at: number;
}

/**
 * Busy CPU time (ms) of the whole machine, and of the processes that belong to the benchmark: this one,
 * `pids` (server, load client) and the PostgreSQL backends serving `database`.
 */
export function cpuSnapshot(pids: number[], database?: string): CpuSnapshot | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    const machine = (user + nice + system + irq + softirq + steal) * TICK_MS;
    const own = process.cpuUsage();
    let ours = (own.user + own.system) / 1000;
    for (const pid of [...pids, ...(database ? backendPids(database) : [])]) ours += processCpuMs(pid) ?? 0;
    return { machine, ours, at: performance.now() };
  } catch {
    return null;
  }
}

/** Cores that other processes kept busy between two snapshots (null without /proc). */
export function otherCores(before: CpuSnapshot | null, after: CpuSnapshot | null): number | null {
  if (!before || !after) return null;
  const others = after.machine - before.machine - (after.ours - before.ours);
  return Math.round((Math.max(0, others) / (after.at - before.at)) * 100) / 100;
}
