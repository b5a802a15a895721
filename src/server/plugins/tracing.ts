import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { maskSecretsInUrl } from '../secret-urls';
import { METRICS_PATH } from './metrics';

/** How long closing waits for the last spans to reach the collector. */
const SHUTDOWN_FLUSH_MS = 2_000;

/**
 * OpenTelemetry tracing, only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): the SDK is imported then and only then, so a default start loads none
 * of it (ADR 0018). Each request gets a span named after its route pattern with child spans for its hooks and
 * handler (@fastify/otel); an incoming W3C `traceparent` header continues the caller's trace. Spans go out over
 * OTLP/HTTP in batches and are flushed when the app closes. Call before any route or plugin is registered.
 * Returns whether tracing was registered.
 */
export async function registerTracing(app: FastifyInstance, tracing: Env['tracing']): Promise<boolean> {
  if (!tracing) return false;
  const [{ FastifyOtelInstrumentation }, sdk, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@fastify/otel'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': tracing.serviceName }),
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: tracing.tracesUrl }))],
  });
  // The process-wide context manager and traceparent propagator @fastify/otel relies on. The server runs one
  // app per process; in a process that builds several, the first registration stays (the API refuses a second),
  // which is harmless since spans go to this app's provider below.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    // Prometheus scrapes are not traced.
    ignorePaths: (route) => route.url === METRICS_PATH,
    requestHook(span, req) {
      // Named after the route pattern; the path without its query, which can carry tokens (reset links),
      // and with secrets in the path masked (invitation tokens, calendar feed secrets).
      span.updateName(`${req.method} ${req.routeOptions.url ?? '(unmatched)'}`);
      span.setAttribute('url.path', maskSecretsInUrl(req.url.split('?')[0]));
    },
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  // Closing flushes the spans still batched, but a collector that does not answer never holds up shutdown.
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS);
      timer.unref();
    });
    await Promise.race([provider.shutdown().catch(() => {}), limit]);
    clearTimeout(timer);
  });
  const { origin, pathname } = new URL(tracing.tracesUrl);
  app.log.info({ tracesUrl: origin + pathname }, 'tracing: exporting spans over OTLP/HTTP');
  return true;
}
