import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { type Finished, runProcess, startProcess } from '../child-process';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** The compiled server (`npm run build:server`), as production runs it. */
export const BUILT_SERVER = join(ROOT, 'dist/server/main.js');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or power cut would. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * Run the compiled server (dist/server/main.js) as production does, instead of the sources through tsx.
   * The e2e suite does (it runs after `npm run build`); unit tests run the sources, which are never stale.
   */
  built?: boolean;
}

/** Starts the real server in a child process and waits for /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { built = false }: ServerProcessOptions = {},
): Promise<RunningServer> {
  if (built && !existsSync(BUILT_SERVER)) {
    throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` (npm run test:e2e does) first.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = built ? ['--enable-source-maps', BUILT_SERVER] : ['--import', 'tsx', 'src/server/main.ts'];
  const { child, output, finished } = startProcess(process.execPath, args, {
    cwd: ROOT,
    env: { LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = finished.then(
    (r) => r.code,
    () => null,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  // A server that dies under a test says why, where the run's log shows it (the test only sees refused connections).
  let stopping = false;
  void finished.then(
    (r) => {
      if (!stopping)
        console.error(
          `server at ${url} exited unexpectedly (${r.code ?? r.signal}):\n${output().slice(-4000)}`,
        );
    },
    () => {},
  );
  return {
    url,
    child,
    output,
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      stopping = true;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs a CLI script of ours (its sources, through tsx) to completion. */
export function runCli(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return runProcess(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env });
}
