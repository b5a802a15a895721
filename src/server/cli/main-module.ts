import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where a command writes: stdout for progress and results, stderr for refusals and failures. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with (tsx today, the
 * compiled dist/ build later), and not when a test imports it; its result is the exit code.
 */
export function runIfMain(moduleUrl: string, main: () => Promise<number>): void {
  const script = process.argv[1];
  if (!script) return;
  let same = false;
  try {
    same = realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {}
  if (!same) return;
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
