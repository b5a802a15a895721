import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig, ServerRequest } from './server-process';

const HERE = dirname(fileURLToPath(import.meta.url));

/** A child process speaking the { id, request } → { id, body | error } protocol of the benchmark helpers. */
export interface Child {
  process: ChildProcess;
  request<T>(request: unknown): Promise<T>;
}

/** Forks `file` under tsx with an IPC channel; resolves with its first message (id 0). */
export function forkChild<T>(
  file: string,
  args: string[],
  execArgv: string[] = [],
): Promise<{ child: Child; hello: T }> {
  const proc = fork(file, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  const child: Child = {
    process: proc,
    request<R>(request: unknown) {
      const id = next++;
      return new Promise<R>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        proc.send({ id, request });
      });
    },
  };
  return new Promise((resolve, reject) => {
    proc.on('message', (m: { id: number; body?: unknown; error?: string }) => {
      if (m.id === 0) return resolve({ child, hello: m.body as T });
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.body);
    });
    proc.on('exit', (code) => {
      const err = new Error(`${file} exited with ${code}`);
      reject(err);
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
  });
}

export interface ServerHandle extends Child {
  base: string;
  pid: number;
  memory(gc?: boolean): Promise<NodeJS.MemoryUsage>;
  /** RSS from /proc (no message to the server: it works while the server is busy), MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts a server process (server-process.ts) on an already created database. BENCH_CPU_PROF=<dir> writes
 * a V8 CPU profile of it there when it stops (open it in Chrome DevTools or speedscope).
 */
export async function startServer(config: ServerConfig): Promise<ServerHandle> {
  const execArgv = ['--expose-gc'];
  const profDir = process.env.BENCH_CPU_PROF;
  if (profDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${profDir}`);
  const { child, hello } = await forkChild<{ port: number }>(
    join(HERE, 'server-process.ts'),
    [JSON.stringify(config)],
    execArgv,
  );
  const pid = child.process.pid as number;
  return {
    ...child,
    base: `http://127.0.0.1:${hello.port}`,
    pid,
    memory: (gc = false) => child.request<NodeJS.MemoryUsage>({ type: 'memory', gc } satisfies ServerRequest),
    rssMb: () => rssMb(pid),
    async stop() {
      const exited = new Promise((r) => child.process.once('exit', r));
      await child.request({ type: 'stop' } satisfies ServerRequest).catch(() => {});
      await exited;
    },
  };
}

/** Resident set size of a process (Linux /proc), MB; NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
