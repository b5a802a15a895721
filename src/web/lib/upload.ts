import { ApiError } from './api';

/**
 * Sends a multipart form (a file and its fields) the way apiRequest sends JSON: cookies, the CSRF header,
 * and an ApiError carrying the server's message on a non-OK answer.
 */
export async function apiUpload<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { 'X-Requested-With': 'fetch', Accept: 'application/json' },
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = text || response.statusText || `Request failed (${response.status})`;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the raw text is the message.
    }
    throw new ApiError(response.status, message);
  }
  return (await response.json()) as T;
}
