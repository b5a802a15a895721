import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCaregiver } from '../test/factories';
import { useTestApp } from '../test/harness';

describe('API compression', () => {
  const t = useTestApp('pglite');

  it('compresses large JSON answers for clients that accept it, and only for them', async () => {
    for (let i = 0; i < 12; i++)
      await createCaregiver(t.database.db, { bio: 'Patient and kind. '.repeat(10) });
    const url = '/api/caregivers/search?limit=24';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const body = plain.body;
    expect(body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(body.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(body);

    // Small answers go as they are.
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});
