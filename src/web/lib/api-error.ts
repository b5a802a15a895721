import type { ErrorCode } from '../../shared/error-codes';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A non-OK answer: `message` is the server's message (or its raw text); status, field details, the
 * machine-readable `code` (src/shared/error-codes.ts; undefined for an answer that carries none we know) and
 * the server's `requestId` (to quote to support) kept.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];
  readonly code?: ErrorCode;
  readonly requestId?: string;
  /** The parsed error body as sent, for answers that carry more than the common fields (SERIES_CONFLICTS). */
  readonly body?: unknown;

  constructor(
    status: number,
    message: string,
    errors?: FieldError[],
    meta: { code?: ErrorCode; requestId?: string; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = meta.code;
    this.requestId = meta.requestId;
    this.body = meta.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
