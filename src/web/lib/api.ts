/**
 * The one request helper (docs/product.md#the-api-contract). The session lives in an HttpOnly cookie the server sets, so the
 * browser never stores a token: cookies always go along, and every call carries
 * `X-Requested-With: fetch`, which the server demands of cookie-authenticated writes (CSRF defence).
 */

import { ERROR_CODE_LIST, type ErrorCode } from '../../shared/error-codes';
import { ApiError, type FieldError } from './api-error';

export { ApiError, type FieldError, isApiError } from './api-error';

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODE_LIST as readonly string[]).includes(value);

interface ErrorBody {
  message?: string;
  errors?: FieldError[];
  code?: ErrorCode;
  requestId?: string;
}

/** The parts of an error body we know, each only when it has the right type. */
function readErrorBody(body: unknown): ErrorBody {
  if (!body || typeof body !== 'object') return {};
  const { message, errors, code, requestId } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    errors: Array.isArray(errors)
      ? errors.filter(
          (e): e is FieldError =>
            !!e && typeof e === 'object' && typeof e.path === 'string' && typeof e.message === 'string',
        )
      : undefined,
    code: isErrorCode(code) ? code : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

/**
 * The ApiError of a non-OK response whose body was already read (`body`: the parsed JSON, if any);
 * `fallback` is the message when the body has none. The request id also from the x-request-id header.
 */
export function apiErrorFrom(response: Response, body: unknown, fallback: string): ApiError {
  const parsed = readErrorBody(body);
  const requestId = parsed.requestId ?? response.headers.get('x-request-id') ?? undefined;
  return new ApiError(response.status, parsed.message ?? fallback, parsed.errors, {
    code: parsed.code,
    requestId,
    body,
  });
}

/** The ApiError of a non-OK response (JSON or multipart call alike): a body that is not JSON is the message. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the raw text is the message.
  }
  return apiErrorFrom(response, body, text || response.statusText || `Request failed (${response.status})`);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request reaches the API: the browser's fetch, or (server rendering) the server answering itself. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Server rendering (src/web/entry-server.tsx) answers the page's reads in-process instead of over HTTP. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** A successful answer with its status and headers, for calls that read more than the body (X-Total-Count). */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Sends one request; resolves with the parsed body, status and headers; rejects with ApiError. */
export async function apiRequestWithMeta<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'X-Requested-With': 'fetch', Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await transport(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: init.signal,
  });

  if (!response.ok) throw await apiErrorOf(response);

  const meta = { status: response.status, headers: response.headers };
  if (response.status === 204) return { data: undefined as T, ...meta };
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return { data: (await response.json()) as T, ...meta };
  return { data: (await response.text()) as T, ...meta };
}

/** Sends one request; resolves with parsed JSON (or the text for other content types), rejects with ApiError. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return (await apiRequestWithMeta<T>(method, url, body, init)).data;
}

/**
 * A list answer and its total from the X-Total-Count header (the list's length when the header is missing).
 * `exact` is false when the server says the total is only a lower bound (X-Total-Count-Exact: false).
 */
export async function apiGetPage<T>(
  url: string,
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number; exact: boolean }> {
  const { data, headers } = await apiRequestWithMeta<T[]>('GET', url, undefined, { signal });
  const items = Array.isArray(data) ? data : [];
  const header = Number.parseInt(headers.get('x-total-count') ?? '', 10);
  const total = Number.isFinite(header) && header >= 0 ? header : items.length;
  return { items, total, exact: headers.get('x-total-count-exact') !== 'false' };
}

export const apiGet = <T>(url: string, signal?: AbortSignal) =>
  apiRequest<T>('GET', url, undefined, { signal });
export const apiPost = <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body);
