import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import {
  type Channel,
  type ChannelName,
  createEmailChannel,
  createSandboxTextChannel,
  createTwilioChannel,
} from './adapters/channels';
import { createOutboxMailer, createSmtpMailer, type Mailer, type OutboxEcho } from './adapters/mailer';
import { createSandboxProvider, type PaymentProvider } from './adapters/payments';
import { createPowerTranzProvider, POWERTRANZ_RESPONSE_PATH } from './adapters/powertranz';
import { createOutboxSms, type SmsSender } from './adapters/sms';
import { createStorageFromEnv, type FileStorage } from './adapters/storage';
import { rateLimitStore } from './core/rate-limits/service';
import type { Database, Db } from './db/client';
import { scrubQueryError } from './db/query-errors';
import type { Env } from './env';
import { tooManyRequests } from './errors';
import { sessions } from './features/auth';
import { sandboxTokenSecret } from './features/payments';
import { lazyChildLoggerFactory } from './lazy-logger';
import { createLogContext, type LogContext } from './log-context';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { metricsPlugin } from './plugins/metrics';
import { moneyRoutesPlugin } from './plugins/money';
import { openApiOptions } from './plugins/openapi';
import { readYourWritesPlugin } from './plugins/read-your-writes';
import { securityHeadersPlugin, securityPlugin } from './plugins/security';
import { registerTracing } from './plugins/tracing';
import { uploadsPlugin } from './plugins/uploads';
import { type PageRenderer, webPlugin } from './plugins/web';
import { OneLineRequestLog, serializeReply } from './request-log';
import { maskSecretsInUrl } from './secret-urls';
import { FEATURES } from './wiring/features';
import { jobRoutes } from './wiring/job-routes';
import { servicesPlugin } from './wiring/services';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    db: Db;
    mailer: Mailer;
    sms: SmsSender;
    /** Where notices leave by e-mail, SMS and WhatsApp (the delivery outbox's adapters, ADR 0033). */
    channels: Record<ChannelName, Channel>;
    storage: FileStorage;
    payments: PaymentProvider;
    /** The clock of time-based rules (rate-limit windows); tests pass their own. */
    now: () => Date;
    /** Correlation ids (reqId, a job's runId) on every log line, whichever logger writes it. */
    logContext: LogContext;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  mailer?: Mailer;
  sms?: SmsSender;
  /** Channel adapters to use instead of the configured ones (tests: a provider that fails). */
  channels?: Partial<Record<ChannelName, Channel>>;
  storage?: FileStorage;
  /** The payment provider (default: the built-in sandbox). */
  payments?: PaymentProvider;
  logger?: FastifyServerOptions['logger'];
  webDistDir?: string;
  /** The clock of time-based rules (default: the system clock). */
  now?: () => Date;
  /** Server rendering of public pages; default: the built one in dist/ssr when there is one. null: none. */
  webRenderer?: PageRenderer | null;
}

/** Fields masked wherever they appear in a log line (up to four levels deep), whatever logged them. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'hash',
  'tokenHash',
  'token',
  'authToken',
  'resetToken',
  'emailToken',
  'paymentToken',
  'otp',
  'phoneOtp',
  'card',
  'cardNumber',
  'cvc',
  'cvv',
  'phone',
  'params',
  'metricsToken',
];
const SECRET_PATHS = [
  ...['', '*.', '*.*.', '*.*.*.'].flatMap((prefix) => SECRET_FIELDS.map((f) => `${prefix}${f}`)),
  '*["set-cookie"]',
  '*.*["set-cookie"]',
  '*.*.*["set-cookie"]',
];

/** Errors are logged without query parameters or quoted rows (see db/query-errors). */
function serializeError(err: unknown) {
  return stdSerializers.err(scrubQueryError(err) as Error);
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(req) {
        return {
          method: req.method,
          url: maskSecretsInUrl(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        };
      },
      res: serializeReply,
    },
  };
}

/** The logger options with the log context's mixin (whatever options a caller gave). */
function withLogContext(logger: FastifyServerOptions['logger'], logContext: LogContext) {
  if (!logger) return logger;
  return { ...(logger === true ? {} : logger), mixin: logContext.mixin };
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  const logContext = createLogContext();
  const app = Fastify({
    logger: withLogContext(opts.logger ?? loggerOptions(env.logLevel), logContext),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/Host/Proto (req.ip, req.host, req.protocol) only behind a proxy we were told about.
    trustProxy: env.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Stopping: a request already on a connection is answered (with Connection: close), not refused with
    // a 503 (plugins/graceful-close.ts, ADR 0017).
    return503OnClosing: false,
    logController: new OneLineRequestLog(),
    childLoggerFactory: lazyChildLoggerFactory,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads): other bodies get a 415, not a guess.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('now', opts.now ?? (() => new Date()));
  app.decorate('logContext', logContext);
  // Demo mode only: what the outbox keeps is printed to the log too (links and codes: never outside it).
  const echo: OutboxEcho | undefined = env.demoMode ? (line) => app.log.info(line) : undefined;
  app.decorate(
    'mailer',
    opts.mailer ??
      (env.smtpUrl ? createSmtpMailer(env.smtpUrl, env.mailFrom) : createOutboxMailer(database.db, echo)),
  );
  app.decorate('sms', opts.sms ?? createOutboxSms(database.db, echo));
  // Notices by SMS and WhatsApp: the Twilio-compatible provider when configured, else the sandbox.
  const receipts = `${env.publicUrl}/api/webhooks/twilio/delivery`;
  const text = (name: 'sms' | 'whatsapp') =>
    env.smsProvider
      ? createTwilioChannel(env.smsProvider, name, receipts)
      : createSandboxTextChannel(database.db, name, echo);
  app.decorate('channels', {
    email: createEmailChannel(app.mailer),
    sms: text('sms'),
    whatsapp: text('whatsapp'),
    ...opts.channels,
  });
  // Uploaded files: private, in PostgreSQL or an S3 bucket (ADR 0016), served only by access-checked routes.
  app.decorate('storage', opts.storage ?? createStorageFromEnv(env, database.db));
  // The sandbox keeps its record of operations in our database (ADR 0041): loaded before the first call.
  // PAYMENTS_PROVIDER=powertranz: First Atlantic Commerce's gateway (ADR 0050); else the sandbox.
  const configured =
    opts.payments ??
    (env.payments?.provider === 'powertranz'
      ? createPowerTranzProvider({
          id: env.payments.id,
          password: env.payments.password,
          url: env.payments.url,
          hostedPage: env.payments.hostedPage,
          merchantResponseUrl: `${env.publicUrl}${POWERTRANZ_RESPONSE_PATH}`,
          log: app.log,
          now: opts.now,
          database,
        })
      : undefined);
  const sandbox = configured
    ? undefined
    : createSandboxProvider({ secret: sandboxTokenSecret(env), database, operationsClock: opts.now });
  await sandbox?.load();
  if (configured && 'load' in configured && typeof configured.load === 'function') await configured.load();
  app.decorate('payments', configured ?? (sandbox as PaymentProvider));
  // First of all hooks: the answer carries the request id, and whatever logs during the request, through any
  // logger (a service's app.log too), writes it on its lines.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    logContext.run({ reqId: req.id }, done);
  });
  // Tracing (only when an OTLP endpoint is set) wraps every route and hook, so it comes before them all.
  await registerTracing(app, env.tracing);

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { token: env.metricsToken });
  // The document's options and per-route completion (security, errors, operationIds): plugins/openapi.ts.
  await app.register(swagger, openApiOptions(env));
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(moneyRoutesPlugin, { guard: env.nodeEnv === 'test' });
  await app.register(authPlugin, { findSession: (token) => sessions.findActive(database.db, token) });
  // Public reads on a replica, a writer's own reads on the primary (ADR 0057).
  if (database.replica)
    await app.register(readYourWritesPlugin, {
      replica: database.replica,
      windowMs: env.replica?.readYourWritesMs ?? 10_000,
      now: () => app.now().getTime(),
    });
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(uploadsPlugin);
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL, so every instance on the database enforces one limit (ADR 0010).
    store: rateLimitStore(database.db, app.now),
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(`Too many requests. Please wait ${ctx.after} and try again.`),
  });

  // Every service built once, from the adapters above (src/server/wiring/services.ts).
  await app.register(servicesPlugin);

  // Every feature's routes, in the order of the feature list (src/server/wiring/features.ts, ADR 0043).
  for (const feature of FEATURES) for (const routes of feature.routes ?? []) await app.register(routes);
  // The provider's own pages and endpoints outside /api (the sandbox's hosted card fields).
  if (app.payments.routes) await app.register(app.payments.routes);
  // The admins' "run a job now" (every job of the job table).
  await app.register(jobRoutes);
  app.metrics.gauge('yaadcare_sse_clients', 'Open realtime event streams on this instance', () =>
    app.realtime.connectionCount(),
  );

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(webPlugin, { distDir: opts.webDistDir, renderer: opts.webRenderer });

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
