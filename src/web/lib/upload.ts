import { apiErrorOf } from './api';

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
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json()) as T;
}
