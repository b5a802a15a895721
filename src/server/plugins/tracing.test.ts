import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { openTestDatabase, testEnv } from '../test/harness';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const attr = (attrs: OtlpAttribute[], key: string) => {
  const v = attrs.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

describe('OpenTelemetry tracing', () => {
  /** A stand-in OTLP/HTTP collector on loopback: keeps what is posted to /v1/traces. */
  let collector: Server;
  const posts: { path: string; contentType?: string; body: OtlpExport }[] = [];
  let endpoint: string;
  /** One database for both apps (an app closes its database: this one closes at the end). */
  let database: Database;
  const shared = () => ({ ...database, close: async () => {} });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posts.push({
          path: req.url ?? '',
          contentType: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => collector?.close(resolve));
    await database?.close();
  });

  it('reads the endpoint the way the OpenTelemetry spec says, and stays off unless one is set', () => {
    expect(loadEnv({}).tracing).toBeUndefined();
    expect(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'yaadcare',
    });
    expect(
      loadEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/custom',
        OTEL_SERVICE_NAME: 'yaadcare-eu',
      }).tracing,
    ).toEqual({ tracesUrl: 'https://traces.example/custom', serviceName: 'yaadcare-eu' });
    expect(
      loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing,
    ).toBeUndefined();
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('without an endpoint registers nothing', async () => {
    const app = await buildApp({
      env: testEnv(),
      database: shared(),
      logger: false,
      webRenderer: null,
    });
    try {
      await app.ready();
      expect(app.hasPlugin('@fastify/otel')).toBe(false);
      expect(app.hasRequestDecorator('opentelemetry')).toBe(false);
      // Not even loaded: a default start pays nothing for tracing.
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      expect(loaded.filter((f) => /@fastify[\\/]otel|@opentelemetry[\\/]sdk-trace/.test(f))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('with an endpoint: each request becomes a span named after its route, exported over OTLP/HTTP', async () => {
    const app = await buildApp({
      env: testEnv({ tracing: { tracesUrl: `${endpoint}/v1/traces`, serviceName: 'yaadcare-test' } }),
      database: shared(),
      logger: false,
      webRenderer: null,
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      expect(app.hasPlugin('@fastify/otel')).toBe(true);
      const res = await app.inject({
        method: 'GET',
        url: '/api/caregivers/424242?token=secret-in-query',
        // A caller's W3C trace context is continued.
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      // Closing flushes the batch.
      await app.close();
    }
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.path === '/v1/traces' && p.contentType === 'application/json')).toBe(true);
    const resourceSpans = posts.flatMap((p) => p.body.resourceSpans);
    expect(attr(resourceSpans[0].resource.attributes, 'service.name')).toBe('yaadcare-test');
    const spans = resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const request = spans.find((s) => s.name === 'GET /api/caregivers/:id');
    expect(request).toBeDefined();
    expect(attr(request!.attributes, 'http.route')).toBe('/api/caregivers/:id');
    expect(attr(request!.attributes, 'http.response.status_code')).toBe(404);
    expect(attr(request!.attributes, 'url.path')).toBe('/api/caregivers/424242');
    expect(request!.traceId).toBe(traceId);
    // Hooks and the handler are child spans of the request's trace.
    expect(spans.filter((s) => s.traceId === traceId).length).toBeGreaterThan(1);
    expect(JSON.stringify(posts)).not.toContain('secret-in-query');
  });
});
