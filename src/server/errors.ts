import { type ErrorCode, type ErrorCodeOf, genericCode } from '../shared/error-codes';

export type FieldErrors = { path: string; message: string }[];

/**
 * An error a client caused or may see: status, a stable machine-readable code (src/shared/error-codes.ts:
 * the generic code of the status unless a specific one is given), a message for people, and field details
 * on a 400. Build one with the helpers below.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: { code?: ErrorCode; errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code ?? genericCode(statusCode);
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

/** A 400: VALIDATION_FAILED when it names fields, BAD_REQUEST otherwise, unless a specific code is given. */
export function badRequest(message: string, errors?: FieldErrors): AppError;
export function badRequest(message: string, code: ErrorCodeOf<400>, errors?: FieldErrors): AppError;
export function badRequest(
  message: string,
  codeOrErrors?: ErrorCodeOf<400> | FieldErrors,
  more?: FieldErrors,
) {
  const errors = Array.isArray(codeOrErrors) ? codeOrErrors : more;
  const code = typeof codeOrErrors === 'string' ? codeOrErrors : errors ? 'VALIDATION_FAILED' : 'BAD_REQUEST';
  return new AppError(400, message, { code, errors });
}
export const unauthorized = (message = 'Please log in to continue.', code?: ErrorCodeOf<401>) =>
  new AppError(401, message, { code });
export const forbidden = (message = 'You do not have permission to do that.', code?: ErrorCodeOf<403>) =>
  new AppError(403, message, { code });
export const notFound = (message = 'Not found', code?: ErrorCodeOf<404>) =>
  new AppError(404, message, { code });
export const conflict = (message: string, code?: ErrorCodeOf<409>) => new AppError(409, message, { code });
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number, code?: ErrorCodeOf<429>) =>
  new AppError(429, message, {
    code,
    headers: retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined,
  });
/** A provider we depend on (e-mail, SMS) failed: the caller may try again later. */
export const upstreamFailed = (message: string) => new AppError(502, message);
export const serviceUnavailable = (message: string) => new AppError(503, message);

interface PgError {
  code: string;
  constraint?: string;
}

/**
 * The PostgreSQL error behind an error, if any: pg and PGlite both raise errors with a five-character
 * SQLSTATE `code`; Drizzle wraps them in a DrizzleQueryError whose `cause` is the original.
 */
export function postgresErrorOf(err: unknown): PgError | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 8; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A transaction PostgreSQL aborted so that others could go on: deadlock_detected (40P01, e.g. two requests
 * inserting overlapping bookings at once, each waiting on the other's row under the exclusion constraint)
 * or serialization_failure (40001). Running the whole transaction again is the documented remedy.
 */
export function isTransientConflict(err: unknown): boolean {
  const code = postgresErrorOf(err)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `work` (a whole transaction) again, up to `attempts` times in all, while it fails transiently. */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
      // A little jitter, so the retried transactions do not meet again in the same order.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** PostgreSQL's unique_violation, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = postgresErrorOf(err);
  if (e?.code !== '23505') return false;
  return constraint ? e.constraint === constraint : true;
}

/**
 * A value the database refused as data (SQLSTATE class 22, data_exception: 22P02 invalid text
 * representation, 22003 numeric out of range, 22007/22008 bad datetime, 22021 bad byte sequence such as a
 * NUL, 22P05 untranslatable character, 22001 string too long...). The request's fault, never the server's:
 * the contracts should have refused it first, and this is the backstop.
 */
export function isDataException(err: unknown): boolean {
  return postgresErrorOf(err)?.code.startsWith('22') ?? false;
}

const NUL = '\u0000';

/**
 * Where a NUL character hides in a request's params, query or JSON body (in a value or in a key), as a
 * dotted path ('' for the top level), or undefined. PostgreSQL refuses NUL in text, so no part of a request
 * may carry one. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes(NUL)) return path;
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}
