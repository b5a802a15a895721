import type { CliIo } from '../cli/main-module';

/** A command's output kept in memory: `text()` is what it printed to stdout, `errors()` to stderr. */
export function collectingIo(): CliIo & { text: () => string; errors: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    text: () => out.join('\n'),
    errors: () => err.join('\n'),
  };
}
