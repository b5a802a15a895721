import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`req.log`) that becomes pino's child logger only when something logs through it.
 * Fastify makes a child per request, and pino serializes the child's bindings (the request id) through the
 * secret masks of every depth when it is made: a cost most requests paid for nothing, since a request that
 * goes well writes its one line through the request log (request-log.ts), not through `req.log` (ADR 0022).
 * A line it writes is the very line the child would have written.
 */
// Methods on the prototype (not arrow fields): nothing is made per request but the object itself.
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    // A route with its own log level needs the child's level from the start.
    if (options.level !== undefined) this.#real();
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  #write(level: Level, args: unknown[]): void {
    // Below the level: nothing to write, so no child to make (pino's loggers can tell; others are asked).
    const enabled = (this.#parent as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled;
    if (!this.#child && typeof enabled === 'function' && !enabled.call(this.#parent, level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (see LazyChildLogger). */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
