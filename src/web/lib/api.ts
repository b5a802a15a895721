/**
 * The one request helper (spec §7). The session lives in an HttpOnly cookie the server sets, so the
 * browser never stores a token: cookies always go along, and every call carries
 * `X-Requested-With: fetch`, which the server demands of cookie-authenticated writes (CSRF defence).
 */

export interface FieldError {
  path: string;
  message: string;
}

/** A non-OK answer: `message` is the server's message (or its raw text); status and field details kept. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];

  constructor(status: number, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a person: the server's message, or the screen's fallback for anything else. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status < 500 && error.message.trim()) return error.message;
  return fallback;
}

function parseErrorBody(text: string): { message?: string; errors?: FieldError[] } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, errors } = body as { message?: unknown; errors?: unknown };
      return {
        message: typeof message === 'string' ? message : undefined,
        errors: Array.isArray(errors)
          ? errors.filter(
              (e): e is FieldError =>
                !!e && typeof e === 'object' && typeof e.path === 'string' && typeof e.message === 'string',
            )
          : undefined,
      };
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return {};
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one request; resolves with parsed JSON (or the text for other content types), rejects with ApiError. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'X-Requested-With': 'fetch', Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: init.signal,
  });

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const parsed = parseErrorBody(text);
    const message = parsed.message ?? (text || response.statusText || `Request failed (${response.status})`);
    throw new ApiError(response.status, message, parsed.errors);
  }

  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  return (await response.text()) as T;
}

export const apiGet = <T>(url: string, signal?: AbortSignal) =>
  apiRequest<T>('GET', url, undefined, { signal });
export const apiPost = <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body);
