import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app';
import { openTestDatabase, testEnv } from './test/harness';

// The request log: one line per request, with the request and the answer (ADR 0022).

describe('request log lines', () => {
  const lines: Record<string, unknown>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(chunk.toString()));
        cb();
      },
    });
    app = await buildApp({
      env: testEnv(),
      database: await openTestDatabase('pglite'),
      logger: { ...(loggerOptions('info') as object), stream },
      webRenderer: null,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('are one per request: method, URL with secrets masked, status and response time, under the request id', async () => {
    lines.length = 0;
    const ok = await app.inject({ method: 'GET', url: '/api/caregivers/search?q=nanny' });
    const refused = await app.inject({ method: 'GET', url: '/api/auth/me?token=sekrit-token-1' });
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);
    const requests = lines.filter((l) => l.req || l.res);
    expect(requests.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    const [first, second] = requests as {
      reqId: string;
      req: { method: string; url: string };
      res: { statusCode: number; responseTime: number };
    }[];
    expect(first.reqId).toBe(ok.headers['x-request-id']);
    expect(first.req).toMatchObject({ method: 'GET', url: '/api/caregivers/search?q=nanny' });
    expect(first.res.statusCode).toBe(200);
    expect(first.res.responseTime).toBeGreaterThan(0);
    expect(second.req.url).toBe('/api/auth/me?token=[redacted]');
    expect(second.res.statusCode).toBe(401);
    expect(JSON.stringify(lines)).not.toContain('sekrit-token-1');
  });
});
