import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type Logger, symbols } from 'pino';

/** What a log line is correlated by: `reqId` inside a request, `runId` (with `job` or `task`) in background work. */
export type LogBindings = Readonly<Record<string, string>>;

/**
 * Correlation ids for every log line, whichever logger wrote it. Fastify's request logger (`req.log`) carries
 * the request id, but code that logs through `app.log` (services built once, adapters, timers) does not:
 * work run inside `run(bindings, fn)` has those bindings mixed into each line, so a line written by a service
 * during a request carries the request's `reqId`, and a line written during a job run carries its `runId`.
 * One per app (tests build many apps in one process).
 */
export interface LogContext {
  /** Runs `fn` (and everything it starts) with `bindings` on every log line written meanwhile. */
  run<T>(bindings: LogBindings, fn: () => T): T;
  /** The bindings of the work running now, if any. */
  current(): LogBindings | undefined;
  /** pino's `mixin`: the current bindings, less those the writing logger already carries. */
  mixin(mergeObject: object, level: number, logger: Logger): object;
}

export function createLogContext(): LogContext {
  const storage = new AsyncLocalStorage<LogBindings>();
  return {
    run: (bindings, fn) => storage.run(bindings, fn),
    current: () => storage.getStore(),
    mixin(_mergeObject, _level, logger) {
      const bindings = storage.getStore();
      if (!bindings) return {};
      // A child logger's bindings (req.log's reqId) are already in its line: do not write them twice.
      const own = (logger as unknown as Record<symbol, string | undefined>)[symbols.chindingsSym] ?? '';
      let out: Record<string, string> | undefined;
      for (const key in bindings) {
        if (own.includes(`"${key}":`)) continue;
        out ??= {};
        out[key] = bindings[key];
      }
      // pino assigns the line's own fields onto what this returns: always a fresh object.
      return out ?? {};
    },
  };
}

/** Bindings for one run of background work: a fresh `runId` and what ran (`job` or `task` name). */
export function backgroundRun(kind: 'job' | 'task', name: string): LogBindings {
  return { [kind]: name, runId: randomUUID() };
}
