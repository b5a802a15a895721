import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGetPage, apiRequest, apiRequestWithMeta } from './api';
import { errorMessage } from './error-messages';

afterEach(() => vi.unstubAllGlobals());

function stub(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('always sends X-Requested-With and cookies; JSON content type only with a body', async () => {
    const fetchMock = stub(Response.json({ ok: true }));
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0][1];
    const headers = new Headers(init.headers);
    expect(headers.get('X-Requested-With')).toBe('fetch');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBeNull();
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');

    const getMock = stub(Response.json([]));
    await apiRequest('GET', '/api/y');
    const getHeaders = new Headers(getMock.mock.calls[0][1].headers);
    expect(getHeaders.get('X-Requested-With')).toBe('fetch');
    expect(getHeaders.get('Content-Type')).toBeNull();
  });

  it('throws the JSON message with status and field errors', async () => {
    stub(
      Response.json({ message: 'Bad input', errors: [{ path: 'email', message: 'Nope' }] }, { status: 400 }),
    );
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Bad input',
      errors: [{ path: 'email', message: 'Nope' }],
    });
  });

  it('exposes the code and request id of an error answer; an unknown code is left out', async () => {
    stub(
      Response.json(
        { code: 'BOOKING_OVERLAP', message: 'Taken', requestId: 'req-1' },
        { status: 409, headers: { 'x-request-id': 'req-1' } },
      ),
    );
    await expect(apiRequest('POST', '/api/bookings', {})).rejects.toMatchObject({
      status: 409,
      code: 'BOOKING_OVERLAP',
      requestId: 'req-1',
      message: 'Taken',
    });
    stub(Response.json({ code: 'FROM_A_NEWER_SERVER', message: 'Hm' }, { status: 409 }));
    const unknown = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 409, message: 'Hm', code: undefined });
  });

  it('takes the request id from the x-request-id header when the body has none', async () => {
    stub(new Response('Gateway exploded', { status: 502, headers: { 'x-request-id': 'req-2' } }));
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({ status: 502, requestId: 'req-2' });
  });

  it('throws the raw text when the body is not JSON', async () => {
    stub(new Response('Gateway exploded', { status: 502 }));
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Gateway exploded',
    });
  });

  it('returns text for non-JSON answers', async () => {
    stub(new Response('plain', { headers: { 'content-type': 'text/plain' } }));
    await expect(apiRequest('GET', '/api/x')).resolves.toBe('plain');
  });
});

describe('errorMessage', () => {
  it('shows 4xx messages but never 5xx text', () => {
    expect(errorMessage(new ApiError(409, 'Taken'), 'fallback')).toBe('Taken');
    expect(errorMessage(new ApiError(500, 'stack trace'), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

describe('apiRequestWithMeta and apiGetPage', () => {
  it('exposes status and headers of a successful answer', async () => {
    stub(Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '42' } }));
    const { data, status, headers } = await apiRequestWithMeta('GET', '/api/x');
    expect(data).toEqual([{ id: 1 }]);
    expect(status).toBe(200);
    expect(headers.get('x-total-count')).toBe('42');
  });

  it('reads the total from X-Total-Count, falling back to the list length', async () => {
    stub(Response.json([{ id: 1 }, { id: 2 }], { headers: { 'X-Total-Count': '57' } }));
    await expect(apiGetPage('/api/x')).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 57,
      exact: true,
    });
    stub(Response.json([{ id: 1 }]));
    await expect(apiGetPage('/api/x')).resolves.toEqual({ items: [{ id: 1 }], total: 1, exact: true });
    stub(
      Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '1000', 'X-Total-Count-Exact': 'false' } }),
    );
    await expect(apiGetPage('/api/x')).resolves.toMatchObject({ total: 1000, exact: false });
  });

  it('rejects with ApiError like apiRequest', async () => {
    stub(Response.json({ message: 'Unknown parish' }, { status: 400 }));
    await expect(apiGetPage('/api/x')).rejects.toMatchObject({ status: 400, message: 'Unknown parish' });
  });
});
